import { createHash } from "node:crypto";
import type { DescribedAction, HiddenBy, TextProvenance } from "../spec/facts.js";
import type { PageText, PageTextNode } from "../spec/page-scan.js";

/** What a page known only by its text cannot tell. */
export const TEXT_LIMITATIONS: readonly string[] = [
  "no markup: quotations and code are known only by quotation marks",
  "visible text is what the facts kept (bounded); hidden pieces are as the facts list them",
];

/**
 * The text mode: a page known only by its visible text (one place per line) and its hidden pieces, as the
 * facts of a described action hold them, or as a described eval case gives them.
 */
export function captureText(input: {
  url: string;
  title: string;
  visibleText: string;
  hidden: { text: string; provenance?: TextProvenance; hiddenBy?: HiddenBy[]; where?: string }[];
  complete?: boolean;
}): PageText {
  const started = performance.now();
  const nodes: PageTextNode[] = [];
  const add = (node: Omit<PageTextNode, "id">) => {
    if (node.text.trim() === "") return;
    nodes.push({ id: `n${nodes.length}`, ...node });
  };
  if (input.title.trim() !== "")
    add({ text: input.title, provenance: "text", hiddenBy: [], where: "title", scope: 0, quoted: false });
  input.visibleText.split("\n").forEach((line, index) => {
    add({
      text: line.trim(),
      provenance: "text",
      hiddenBy: [],
      where: `line ${index + 1}`,
      scope: 0,
      quoted: false,
    });
  });
  for (const piece of input.hidden)
    add({
      text: piece.text,
      provenance: piece.provenance ?? "text",
      // A piece listed as hidden with no reason is still hidden: the facts would not list it otherwise.
      hiddenBy: piece.hiddenBy && piece.hiddenBy.length > 0 ? piece.hiddenBy : ["not-rendered"],
      where: piece.where ?? "hidden text",
      scope: 0,
      quoted: false,
    });
  const hash = createHash("sha256");
  for (const node of nodes)
    hash.update(`${node.provenance}\u0000${node.hiddenBy.join(",")}\u0000${node.text}\u0000`);
  return {
    mode: "text",
    url: input.url,
    title: input.title,
    nodes,
    elements: [],
    complete: input.complete ?? true,
    digest: hash.digest("hex").slice(0, 16),
    limitations: [...TEXT_LIMITATIONS],
    elapsedMs: performance.now() - started,
  };
}

/** The text mode over a described action's facts. */
export function captureFacts(described: DescribedAction): PageText {
  const { page } = described;
  return captureText({
    url: page.url,
    title: page.title,
    visibleText: page.visibleText,
    hidden: page.hiddenText.map((piece) => ({
      text: piece.text,
      provenance: piece.provenance,
      // Attribute, comment and meta text has no hiding reason in the facts; its provenance says enough.
      hiddenBy: piece.hiddenBy.length > 0 || piece.provenance !== "text" ? piece.hiddenBy : ["not-rendered"],
      where: piece.where,
    })),
    complete: page.hiddenTextComplete && !page.visibleTextTruncated,
  });
}
