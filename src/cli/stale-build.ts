import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * In a source checkout, the `stopline` command runs the compiled code in dist/, which `npm run build`
 * makes. After an edit and before a build it would run the old code and report numbers for it. This
 * returns a warning naming the newest source file when a source file (tests aside) is newer than the
 * compiled file; null when the build is current or there are no sources (an installed package).
 */
export function staleBuildWarning(builtFile: string, sourceDirectory: string): string | null {
  let built: number;
  try {
    built = statSync(builtFile).mtimeMs;
  } catch {
    return null;
  }
  let newest: { path: string; time: number } | null = null;
  const visit = (directory: string) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        const time = statSync(path).mtimeMs;
        if (!newest || time > newest.time) newest = { path, time };
      }
    }
  };
  visit(sourceDirectory);
  const found = newest as { path: string; time: number } | null;
  if (!found || found.time <= built) return null;
  return `stopline: the build in ${relative(process.cwd(), builtFile) || builtFile} is older than ${relative(process.cwd(), found.path)}; this run uses the old code (npm run build updates it)`;
}
