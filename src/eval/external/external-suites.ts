import type { EvalCase } from "../../spec/eval-case.js";
import { bipiaInjectionCases } from "./bipia.js";
import { notinjectInjectionCases } from "./notinject.js";
import { redteamcuaInjectionCases } from "./redteamcua.js";
import { stConsentCases } from "./st-webagentbench.js";
import type { SuiteBuild } from "./suite-build.js";
import { webguardEffectCases } from "./webguard.js";

/**
 * The external suites, one file each under `corpus/external/`. Each is built from the raw files of its
 * source(s) by the module named beside it; `scripts/build-external-suites.ts` writes them.
 */
export interface ExternalSuite {
  /** File name without `.jsonl`. */
  name: string;
  /** The data folders it reads, for the attribution check. */
  folders: readonly string[];
  build(dataDirectory: string): SuiteBuild;
}

/** The `injection` suite: BIPIA, NotInject and RedTeamCUA texts placed on the same page templates. */
export function injectionCases(dataDirectory: string): SuiteBuild {
  const parts = [
    bipiaInjectionCases(dataDirectory),
    notinjectInjectionCases(dataDirectory),
    redteamcuaInjectionCases(dataDirectory),
  ];
  return { cases: parts.flatMap((part) => part.cases), leftOut: parts.flatMap((part) => part.leftOut) };
}

export const EXTERNAL_SUITES: readonly ExternalSuite[] = [
  { name: "webguard-effect", folders: ["webguard"], build: webguardEffectCases },
  { name: "st-consent", folders: ["st-webagentbench"], build: stConsentCases },
  { name: "injection", folders: ["bipia", "notinject", "redteamcua"], build: injectionCases },
];

/** A suite as the bytes of its JSON Lines file: one case per line, keys in a fixed order. */
export function serialiseCases(cases: readonly EvalCase[]): string {
  return cases.map((evalCase) => `${JSON.stringify(evalCase)}\n`).join("");
}
