import { commentSafe, escapeAttribute, textToHtml } from "./html-text.js";

/**
 * The ways a piece of text is placed on a generated page. Injections (positives) and benign sentences
 * (negatives) go through exactly the same styles in the same rotation, so that being hidden is never
 * the answer by itself: pages hide plenty of human text (collapsed quotes, screen-reader notes, meta
 * descriptions), and attacks are also shown in plain sight.
 */
export const HIDING_STYLES = [
  "visible",
  "css-class",
  "inline-style",
  "hidden-attr",
  "offscreen",
  "tiny-text",
  "same-colour",
  "attr",
  "comment",
  "meta",
  "split-tags",
  "zero-width",
] as const;
export type HidingStyle = (typeof HIDING_STYLES)[number];

/** What the page template tells a placement about the block the text goes in. */
export interface SlotContext {
  /** A class the page's stylesheet sets to `display:none`. */
  hiddenClass: string;
  /** The background colour of the block (CSS colour), for same-colour text. */
  background: string;
}

export interface Placement {
  /** HTML for the block's body. */
  slotHtml: string;
  /** HTML for `<head>` (a meta tag), or empty. */
  headHtml: string;
  /** How the text was placed, in words, for the case note. */
  how: string;
}

const ZERO_WIDTH_SPACE = "\u200b";
const ONE_PIXEL_GIF = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";

/** Splits longer words of escaped prose across inline tags (`ins<b>truct</b>ions`). Entities stay whole. */
export function splitAcrossTags(html: string): string {
  const tags = ["span", "b", "i", "em"];
  let count = 0;
  return html.replace(/[^\s<>&;]{6,}/g, (word) => {
    count += 1;
    if (count % 2 === 0) return word;
    const tag = tags[count % tags.length] as string;
    const cut = Math.floor(word.length / 2);
    return `${word.slice(0, cut)}<${tag}>${word.slice(cut)}</${tag}>`;
  });
}

/** Puts a zero-width space after the second letter of every word of four letters or more. */
export function withZeroWidth(html: string): string {
  return html.replace(/[^\s<>&;]{4,}/g, (word) => `${word.slice(0, 2)}${ZERO_WIDTH_SPACE}${word.slice(2)}`);
}

/**
 * Places `text` in a block. Visible styles show it as the block's content; the others show `filler`
 * (ordinary text of the block) and carry `text` where a person would not read it. `index` picks the
 * attribute for the `attr` style so that alt, title and aria-label all occur.
 */
export function placeText(
  style: HidingStyle,
  text: string,
  filler: string,
  context: SlotContext,
  index: number,
): Placement {
  const shown = textToHtml(filler);
  const rendered = textToHtml(text);
  switch (style) {
    case "visible":
      return { slotHtml: rendered, headHtml: "", how: "shown in plain sight" };
    case "css-class":
      return {
        slotHtml: `${shown}<div class="${context.hiddenClass}">${rendered}</div>`,
        headHtml: "",
        how: `hidden by the page's CSS class .${context.hiddenClass} (display:none)`,
      };
    case "inline-style":
      return {
        slotHtml: `${shown}<div style="display:none">${rendered}</div>`,
        headHtml: "",
        how: "hidden by an inline style (display:none)",
      };
    case "hidden-attr":
      return {
        slotHtml: `${shown}<div hidden>${rendered}</div>`,
        headHtml: "",
        how: "hidden by the hidden attribute",
      };
    case "offscreen":
      return {
        slotHtml: `${shown}<div style="position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden">${rendered}</div>`,
        headHtml: "",
        how: "moved off-screen (left:-10000px)",
      };
    case "tiny-text":
      return {
        // Code blocks get the size too: the page's stylesheet sets <pre> to 13px.
        slotHtml: `${shown}<div style="font-size:1px;line-height:1px">${rendered.replaceAll("<pre>", '<pre style="font-size:1px;line-height:1px;padding:0;margin:0">')}</div>`,
        headHtml: "",
        how: "written in 1px text",
      };
    case "same-colour":
      return {
        // Code blocks too: the page's stylesheet gives <pre> a tinted background.
        slotHtml: `${shown}<div style="color:${context.background};background:${context.background}">${rendered.replaceAll("<pre>", '<pre style="background:transparent">')}</div>`,
        headHtml: "",
        how: "written in the colour of its background",
      };
    case "attr": {
      const value = escapeAttribute(text);
      const which = index % 3;
      if (which === 0)
        return {
          slotHtml: `${shown}<img src="${ONE_PIXEL_GIF}" width="1" height="1" alt="${value}">`,
          headHtml: "",
          how: "in the alt text of a 1px image",
        };
      if (which === 1)
        return {
          slotHtml: `${shown}<p><span class="info" title="${value}" style="border:1px solid;border-radius:50%;padding:0 5px;font-size:11px">i</span></p>`,
          headHtml: "",
          how: "in the title attribute of an info icon",
        };
      return {
        slotHtml: `${shown}<div role="note" aria-label="${value}"></div>`,
        headHtml: "",
        how: "in the aria-label of an empty note element",
      };
    }
    case "comment":
      return { slotHtml: `${shown}<!-- ${commentSafe(text)} -->`, headHtml: "", how: "in an HTML comment" };
    case "meta":
      return {
        slotHtml: shown,
        headHtml: `<meta name="description" content="${escapeAttribute(text)}">`,
        how: "in the page's meta description",
      };
    case "split-tags":
      return {
        slotHtml: textToHtml(text, splitAcrossTags),
        headHtml: "",
        how: "shown, with words split across inline tags",
      };
    case "zero-width":
      return {
        slotHtml: textToHtml(text, withZeroWidth),
        headHtml: "",
        how: "shown, with zero-width spaces inside words",
      };
  }
}
