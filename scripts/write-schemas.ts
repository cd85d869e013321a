/** Writes the published JSON Schemas from the zod schemas in src/spec. `--check` fails when they are stale. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { describedCaseSchema, domCaseSchema } from "../src/spec/eval-case.js";

export function evalCaseJsonSchema(): string {
  const schema = z.toJSONSchema(z.union([domCaseSchema, describedCaseSchema]), { io: "input" });
  return `${JSON.stringify(
    {
      ...schema,
      $id: "https://stopline.dev/schemas/eval-case.schema.json",
      title: "stopline eval case (one line of a JSON Lines case file)",
    },
    null,
    2,
  )}\n`;
}

const target = "schemas/eval-case.schema.json";
if (process.argv[1]?.endsWith("write-schemas.ts")) {
  const fresh = evalCaseJsonSchema();
  if (process.argv.includes("--check")) {
    const current = readFileSync(target, "utf8");
    if (current !== fresh) {
      console.error(`${target} is stale: run tsx scripts/write-schemas.ts`);
      process.exit(1);
    }
  } else {
    mkdirSync("schemas", { recursive: true });
    writeFileSync(target, fresh);
    console.log(`wrote ${target}`);
  }
}
