/**
 * Turning source text into HTML for the generated pages. Source text is kept verbatim: it is escaped,
 * never rewritten, except where HTML cannot hold it (a comment cannot contain `-->`).
 */

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function escapeAttribute(text: string): string {
  return escapeHtml(text).replace(/"/g, "&quot;");
}

/** Text safe inside `<!-- -->`: only `-->` and `--!>` end a comment early, so they are broken up. */
export function commentSafe(text: string): string {
  return text.replace(/--!?>/g, (match) => match.replace("--", "- -"));
}

/** One piece of a text: prose, or a fenced code block (```lang … ```). */
export interface TextPart {
  code: boolean;
  text: string;
}

/** Splits text on Markdown code fences, which BIPIA's code attacks and RedTeamCUA's posts use. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const fence = /```[a-zA-Z]*\n?([\s\S]*?)```/g;
  let last = 0;
  for (const match of text.matchAll(fence)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ code: false, text: text.slice(last, at) });
    parts.push({ code: true, text: (match[1] ?? "").replace(/\n$/, "") });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ code: false, text: text.slice(last) });
  return parts.filter((part) => part.code || part.text.trim() !== "");
}

/**
 * Renders text as HTML the way a forum or mail client would: paragraphs on blank lines, line breaks
 * on single newlines, fenced code in `<pre><code>`. `prose` can transform the escaped prose HTML (to
 * split words across tags, say); code is left alone.
 */
export function textToHtml(text: string, prose: (html: string) => string = (html) => html): string {
  return textParts(text)
    .map((part) => {
      if (part.code) return `<pre><code>${escapeHtml(part.text)}</code></pre>`;
      return part.text
        .trim()
        .split(/\n\s*\n/)
        .map((paragraph) => `<p>${prose(escapeHtml(paragraph.trim())).replace(/\n/g, "<br>")}</p>`)
        .join("");
    })
    .join("");
}
