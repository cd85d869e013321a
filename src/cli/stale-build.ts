import { type Dirent, readdirSync, statSync } from "node:fs";
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
  const newest = newestSource(sourceDirectory);
  if (!newest || newest.time <= built) return null;
  return `stopline: the build in ${relative(process.cwd(), builtFile) || builtFile} is older than ${relative(process.cwd(), newest.path)}; this run uses the old code (npm run build updates it)`;
}

/** The most recently modified `.ts` file under a folder, tests aside; null for none or no folder. */
function newestSource(directory: string): { path: string; time: number } | null {
  let entries: Dirent[];
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return null;
  }
  let newest: { path: string; time: number } | null = null;
  for (const entry of entries) {
    const path = join(directory, entry.name);
    const found = entry.isDirectory()
      ? newestSource(path)
      : entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")
        ? { path, time: statSync(path).mtimeMs }
        : null;
    if (found && (!newest || found.time > newest.time)) newest = found;
  }
  return newest;
}
