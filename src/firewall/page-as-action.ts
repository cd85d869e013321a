import type { DescribedAction, HiddenText } from "../spec/facts.js";
import type { PageText } from "../spec/page-scan.js";

/** How much visible text the page-only description keeps, as the describe step does. */
const VISIBLE_BOUND = 20_000;

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * A page on its own, as facts a classifier can be asked about: staying on the page (a `goto` to its own
 * URL, which reaches nowhere new), with the captured text split into what a person sees and what they do
 * not. Used to put the model's page question (does the page instruct the agent?) to a page that no action
 * has been proposed on, as `stopline scan` does.
 */
export function describePageAlone(text: PageText): DescribedAction {
  const visible: string[] = [];
  const hidden: HiddenText[] = [];
  for (const node of text.nodes) {
    if (node.provenance === "text" && node.hiddenBy.length === 0) visible.push(node.text);
    else
      hidden.push({
        text: node.text,
        provenance: node.provenance,
        hiddenBy: node.hiddenBy,
        where: node.where,
      });
  }
  const visibleText = visible.join("\n");
  const origin = originOf(text.url);
  return {
    action: {
      kind: "goto",
      selector: null,
      value: text.url,
      valueRedacted: false,
      target: null,
      destination: origin ? { url: text.url, origin, via: "goto" } : null,
    },
    page: {
      url: text.url,
      origin,
      title: text.title,
      visibleText: visibleText.slice(0, VISIBLE_BOUND),
      visibleTextLength: visibleText.length,
      visibleTextBound: VISIBLE_BOUND,
      visibleTextTruncated: visibleText.length > VISIBLE_BOUND,
      hiddenText: hidden,
      hiddenTextCount: hidden.length,
      hiddenTextComplete: text.complete,
      sensitiveFields: [],
      stateHash: text.digest,
    },
  };
}
