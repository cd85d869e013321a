/**
 * Which origins an action may reach without asking. Without an allowlist, "another origin" means another
 * origin than the page the action starts on. With one, every origin on the list is allowed, and with
 * `allowSubdomains` so are the subdomains of each listed host (same scheme and port).
 */
export interface OriginPolicy {
  allowedOrigins: readonly string[];
  allowSubdomains: boolean;
}

/** The origin of a URL, or null for opaque origins (about:blank, data:, javascript:). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === "null" ? null : parsed.origin;
  } catch {
    return null;
  }
}

function normaliseOrigin(entry: string): URL | null {
  try {
    return new URL(entry.includes("://") ? entry : `https://${entry}`);
  } catch {
    return null;
  }
}

function allowedByList(target: URL, policy: OriginPolicy): boolean {
  for (const entry of policy.allowedOrigins) {
    const allowed = normaliseOrigin(entry);
    if (!allowed) continue;
    if (allowed.protocol !== target.protocol || allowed.port !== target.port) continue;
    if (allowed.hostname === target.hostname) return true;
    if (policy.allowSubdomains && target.hostname.endsWith(`.${allowed.hostname}`)) return true;
  }
  return false;
}

/**
 * True when navigating from `fromOrigin` to `toUrl` leaves what is allowed. With an allowlist, every
 * origin off the list is outside. Without one, another origin than the current page's is outside; a
 * navigation from an opaque origin (a new tab) is then the first step of the session and establishes
 * where the session is (it is still gated by every other rule and by the model).
 */
export function leavesAllowedOrigins(
  fromOrigin: string | null,
  toUrl: string,
  policy: OriginPolicy,
): boolean {
  let target: URL;
  try {
    target = new URL(toUrl);
  } catch {
    return true;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    // about:blank and the like go nowhere; other schemes (file:, ftp:, chrome:) leave the web.
    return !(target.protocol === "about:" && target.pathname === "blank");
  }
  if (policy.allowedOrigins.length > 0) return !allowedByList(target, policy);
  if (fromOrigin === null) return false;
  return target.origin !== fromOrigin;
}
