import { BackendError } from "./backend-error.js";

/**
 * Where System One models are served, and how each one is configured. Every provider speaks the same
 * body (`{model, state, questions}` in, `{model, answers}` out); they differ in URL, key, default model,
 * limits and the question shape they insist on.
 */
export const SYSTEM_ONE_PROVIDERS = ["typesafe", "gateway", "openrouter", "laya", "system-one"] as const;
export type SystemOneProviderName = (typeof SYSTEM_ONE_PROVIDERS)[number];

export interface SystemOneLimits {
  /** Questions per request; null when the provider documents none. */
  maxQuestions: number | null;
  /** Options per choice question. */
  maxOptions: number;
  /** Characters of the state's JSON; the state is cut to fit and says what was cut. */
  maxStateCharacters: number;
}

export interface ResolvedSystemOneProvider {
  name: SystemOneProviderName;
  /** The full endpoint URL the request is POSTed to. */
  url: string;
  /** The bearer token, or null when the provider needs none. Never logged. */
  apiKey: string | null;
  /** Which environment variable (or option) the key came from, for messages. */
  apiKeySource: string | null;
  model: string;
  limits: SystemOneLimits;
  /** OpenRouter wants `criteria: {true, false}` on every noul question. */
  noulCriteriaRequired: boolean;
}

/** Explicit settings; each wins over the environment. */
export interface SystemOneProviderOverrides {
  /** Base URL (`https://api.typesafe.ai`) or the full endpoint URL. */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** Characters of state JSON sent. Defaults per provider (50,000). */
  maxStateCharacters?: number;
}

/**
 * Jev's documented budget is 32k tokens for the state plus its longest question; 50,000 characters of
 * JSON stays well inside it, and is Laya's documented state limit.
 */
const STATE_CHARACTERS = 50_000;
const JEV_OPTIONS = 255;

function read(environment: NodeJS.ProcessEnv, ...names: string[]): { value: string; name: string } | null {
  for (const name of names) {
    const value = environment[name]?.trim();
    if (value) return { value, name };
  }
  return null;
}

/** An http(s) URL, or a configuration error that says what is wrong with it (without its secrets). */
function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BackendError("missing_configuration", "the configured URL is not a URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new BackendError(
      "missing_configuration",
      `${parsed.protocol} URLs are not supported; use http or https`,
    );
  return parsed.toString();
}

/**
 * The System One endpoint under a base URL. Accepts what the SDKs accept: a host (`/v1/systemone` is
 * added), a base ending in `/v1` (as the AI SDK's `TYPESAFE_AI_BASE_URL` does), or the full endpoint.
 */
export function systemOneEndpoint(base: string): string {
  const parsed = new URL(checkedUrl(base));
  const path = parsed.pathname.replace(/\/+$/, "");
  if (/\/v1\/systemone$/.test(path)) parsed.pathname = path;
  else if (/\/v1$/.test(path)) parsed.pathname = `${path}/systemone`;
  else parsed.pathname = `${path}/v1/systemone`;
  return parsed.toString();
}

function requireKey(
  provider: SystemOneProviderName,
  key: { value: string; name: string } | null,
  names: string[],
): { value: string; name: string } {
  if (key) return key;
  throw new BackendError(
    "missing_configuration",
    `the ${provider} backend needs an API key: set ${names.join(" or ")}`,
  );
}

/**
 * Reads a provider's settings from the environment and the overrides. Missing keys for hosted providers
 * are an error here, before any request, so a misconfigured gate fails at start rather than on every action.
 */
export function resolveSystemOneProvider(
  name: SystemOneProviderName,
  environment: NodeJS.ProcessEnv = process.env,
  overrides: SystemOneProviderOverrides = {},
): ResolvedSystemOneProvider {
  const explicitKey = overrides.apiKey ? { value: overrides.apiKey, name: "the apiKey option" } : null;
  const modelOverride = overrides.model ?? read(environment, "STOPLINE_SYSTEM_ONE_MODEL")?.value;
  const limits = (maxQuestions: number | null, maxOptions: number, maxStateCharacters: number) => ({
    maxQuestions,
    maxOptions,
    maxStateCharacters: overrides.maxStateCharacters ?? maxStateCharacters,
  });
  const result = (
    url: string,
    key: { value: string; name: string } | null,
    model: string,
    providerLimits: SystemOneLimits,
    noulCriteriaRequired = false,
  ): ResolvedSystemOneProvider => ({
    name,
    url,
    apiKey: key?.value ?? null,
    apiKeySource: key?.name ?? null,
    model,
    limits: providerLimits,
    noulCriteriaRequired,
  });
  switch (name) {
    case "typesafe": {
      // The official SDKs read TYPESAFE_*; the AI SDK's provider reads TYPESAFE_AI_*. Both work.
      const names = ["TYPESAFE_API_KEY", "TYPESAFE_AI_API_KEY"];
      const key = requireKey(name, explicitKey ?? read(environment, ...names), names);
      const base =
        overrides.baseUrl ??
        read(environment, "TYPESAFE_BASE_URL", "TYPESAFE_AI_BASE_URL")?.value ??
        "https://api.typesafe.ai";
      const model = modelOverride ?? read(environment, "TYPESAFE_DEFAULT_MODEL")?.value ?? "jev-latest";
      return result(systemOneEndpoint(base), key, model, limits(null, JEV_OPTIONS, STATE_CHARACTERS));
    }
    case "gateway": {
      const names = ["AI_GATEWAY_API_KEY", "VERCEL_OIDC_TOKEN"];
      const key = requireKey(name, explicitKey ?? read(environment, ...names), names);
      const base = overrides.baseUrl ?? "https://ai-gateway.vercel.sh/typesafe";
      return result(
        systemOneEndpoint(base),
        key,
        modelOverride ?? "jev-latest",
        limits(null, JEV_OPTIONS, STATE_CHARACTERS),
      );
    }
    case "openrouter": {
      const names = ["OPENROUTER_API_KEY"];
      const key = requireKey(name, explicitKey ?? read(environment, ...names), names);
      // OpenRouter's decisions endpoint takes the System One body under its own path.
      const base = (overrides.baseUrl ?? "https://openrouter.ai/api").replace(/\/+$/, "");
      const url = checkedUrl(/\/alpha\/decisions$/.test(base) ? base : `${base}/alpha/decisions`);
      return result(
        url,
        key,
        modelOverride ?? "~typesafe/jev-latest",
        limits(null, JEV_OPTIONS, STATE_CHARACTERS),
        true,
      );
    }
    case "laya": {
      // laya-serve listens on port 8000 by default and checks a bearer token only when LAYA_API_KEY is set.
      const base = overrides.baseUrl ?? read(environment, "LAYA_URL")?.value ?? "http://127.0.0.1:8000";
      const key = explicitKey ?? read(environment, "LAYA_API_KEY");
      // Laya ignores `model` unless it names one of its checkpoints, so the wire default serves its default.
      return result(
        systemOneEndpoint(base),
        key,
        modelOverride ?? "jev-latest",
        limits(64, 100, STATE_CHARACTERS),
      );
    }
    case "system-one": {
      const base = overrides.baseUrl ?? read(environment, "STOPLINE_SYSTEM_ONE_URL")?.value;
      if (!base)
        throw new BackendError(
          "missing_configuration",
          "the system-one backend needs a URL: set STOPLINE_SYSTEM_ONE_URL (for example http://127.0.0.1:8787)",
        );
      const key = explicitKey ?? read(environment, "STOPLINE_SYSTEM_ONE_API_KEY");
      return result(
        systemOneEndpoint(base),
        key,
        modelOverride ?? "jev-latest",
        limits(null, JEV_OPTIONS, STATE_CHARACTERS),
      );
    }
  }
}
