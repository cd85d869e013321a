import type { HiddenBy, TextProvenance } from "../spec/facts.js";
import type { ElementRef, NodeRef, PageText, PageTextNode } from "../spec/page-scan.js";
import type { CapturedText } from "./in-page/capture-text.js";

/** What a live capture cannot see, whatever the page. */
const LIVE_LIMITATIONS = [
  "text inside closed shadow roots",
  "text drawn in canvas or images (only their alt text is read)",
];

/**
 * Unpacks the firewall's part of an in-page capture into the page model the detector reads. Returns null
 * when the capture was made without `firewall` options.
 */
export function pageTextFromCapture(
  captured: CapturedText,
  page: { url: string; title: string },
  mode: "lines" | "tree",
): PageText | null {
  const firewall = captured.firewall;
  if (!firewall) return null;
  const tuples = JSON.parse(firewall.nodes) as [
    string,
    string,
    string[],
    string,
    number,
    0 | 1,
    [string, number, number][] | null,
  ][];
  const nodes: PageTextNode[] = tuples.map(
    ([text, provenance, hiddenBy, where, scope, quoted, refs], index) => {
      const node: PageTextNode = {
        id: `n${index}`,
        text,
        provenance: provenance as TextProvenance,
        hiddenBy: hiddenBy as HiddenBy[],
        where,
        scope,
        quoted: quoted === 1,
      };
      if (refs && refs.length > 0)
        node.refs = refs.map(([ref, start, end]): NodeRef => ({ ref, start, end }));
      return node;
    },
  );
  const elements = (JSON.parse(firewall.elements) as [string, string, string, string][]).map(
    ([ref, role, name, selector]): ElementRef => ({ ref, role, name, selector }),
  );
  const limitations = [...LIVE_LIMITATIONS];
  if (mode === "lines")
    limitations.push(
      `${firewall.omittedPlaces} places that match no signal stayed in the page (the gate's capture)`,
    );
  if (firewall.crossOriginFrames > 0)
    limitations.push(`${firewall.crossOriginFrames} cross-origin frames without srcdoc (another page)`);
  if (firewall.unreadableStylesheets > 0)
    limitations.push(
      `${firewall.unreadableStylesheets} cross-origin stylesheets: every element was checked instead, and their ::before/::after text was not read`,
    );
  if (!firewall.pristine)
    limitations.push("DOM functions were read as the page left them (no pristine copies)");
  return {
    mode: "live",
    url: page.url,
    title: page.title,
    nodes,
    elements,
    complete: firewall.complete,
    digest: firewall.digest,
    limitations,
    elapsedMs: captured.elapsedMs,
  };
}
