/**
 * Imports point one way: spec ← core ← adapters ← surfaces. This script fails when a file imports from a
 * layer above its own, so the direction is checked by a machine, not by agreement.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const LAYERS: Record<string, number> = {
  spec: 1,
  core: 2,
  describe: 3,
  firewall: 3,
  backends: 3,
  evidence: 3,
  approval: 3,
  playwright: 4,
  cli: 4,
  mcp: 4,
  server: 4,
  eval: 4,
  demo: 4,
  train: 4,
};

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? files(path) : entry.name.endsWith(".ts") ? [path] : [];
  });
}

const root = resolve("src");
const problems: string[] = [];
for (const file of files(root)) {
  const [top] = relative(root, file).split("/");
  const layer = top ? LAYERS[top] : undefined;
  if (layer === undefined) {
    if (!file.endsWith("index.ts")) problems.push(`${relative(".", file)}: folder ${top} has no layer`);
    continue;
  }
  const source = readFileSync(file, "utf8");
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*["'](\.[^"']+)["']/g)) {
    const target = resolve(file, "..", match[1] as string);
    const [targetTop] = relative(root, target).split("/");
    const targetLayer = targetTop ? LAYERS[targetTop] : undefined;
    if (targetLayer !== undefined && targetLayer > layer)
      problems.push(`${relative(".", file)} (layer ${layer}) imports ${match[1]} (layer ${targetLayer})`);
  }
}
if (problems.length > 0) {
  console.error(`layer violations:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("layers: every import points down");
