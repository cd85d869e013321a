/**
 * Checks case files without running any backend: every line validates, and every DOM case's selector
 * matches exactly one element when the page is loaded in Chromium at its URL. Prints counts per family,
 * split, kind and label so a corpus author can see the balance.
 *   tsx scripts/check-corpus.ts corpus/team [more files or folders]
 */
import { formatProblem, loadCases } from "../src/eval/case-loader.js";
import { launchChromium } from "../src/playwright/launch-chromium.js";
import { isDescribedCase } from "../src/spec/eval-case.js";

const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error("usage: tsx scripts/check-corpus.ts <case file or folder>...");
  process.exit(2);
}
const { cases, problems } = loadCases(paths);
for (const problem of problems) console.error(formatProblem(problem));

const count = (key: (c: (typeof cases)[number]) => string) => {
  const table = new Map<string, number>();
  for (const c of cases) table.set(key(c), (table.get(key(c)) ?? 0) + 1);
  return Object.fromEntries([...table].sort());
};
console.log(`cases: ${cases.length}, problems: ${problems.length}`);
console.log(
  "site:",
  count((c) => c.case.site),
);
console.log(
  "split:",
  count((c) => c.case.split),
);
console.log(
  "kind:",
  count((c) => c.case.action.kind),
);
console.log(
  "effect:",
  count((c) => c.case.labels.effect),
);
console.log(
  "servesTask:",
  count((c) => String(c.case.labels.servesTask)),
);
console.log(
  "pageInstructsAgent:",
  count((c) => String(c.case.labels.pageInstructsAgent)),
);
console.log(
  "hard:",
  count((c) => String(c.case.hard)),
);
console.log(
  "form:",
  count((c) => (isDescribedCase(c.case) ? "described" : "dom")),
);

const browser = await launchChromium();
const context = await browser.newContext();
let selectorProblems = 0;
try {
  for (const loaded of cases) {
    const evalCase = loaded.case;
    if (isDescribedCase(evalCase) || evalCase.action.kind === "goto") continue;
    const page = await context.newPage();
    await page.route("**/*", (route) =>
      route.request().url() === evalCase.page.url
        ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: loaded.html ?? "" })
        : route.fulfill({ status: 404, body: "" }),
    );
    try {
      await page.goto(evalCase.page.url, { waitUntil: "load", timeout: 10_000 });
      const matches = await page.locator(evalCase.action.selector!).count();
      if (matches !== 1) {
        selectorProblems++;
        console.error(
          `${loaded.file}:${loaded.line}: action.selector: ${evalCase.action.selector} matches ${matches} elements (${evalCase.id})`,
        );
      }
    } catch (error) {
      selectorProblems++;
      console.error(
        `${loaded.file}:${loaded.line}: page: ${(error as Error).message.split("\n")[0]} (${evalCase.id})`,
      );
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`selector problems: ${selectorProblems}`);
process.exit(problems.length + selectorProblems > 0 ? 1 : 0);
