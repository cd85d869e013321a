import type { ActionKind } from "./action.js";

/** Where a hidden or off-screen piece of text came from, and why a human would not see it. */
export type TextProvenance =
  | "comment"
  | "meta"
  | "attr:alt"
  | "attr:title"
  | "attr:aria-label"
  | "attr:aria-description"
  | "attr:placeholder"
  | "attr:value"
  | "noscript"
  | "template"
  | "pseudo-content"
  | "srcdoc"
  | "text";

/** Every way text can be hidden from a person, as the describe step reports it. */
export const HIDDEN_BY = [
  "display-none",
  "visibility-hidden",
  "opacity-zero",
  "zero-size",
  "clipped",
  "off-screen",
  "tiny-font",
  "same-colour",
  "aria-hidden",
  "hidden-attribute",
  "collapsed-details",
  "overflow-hidden",
  "not-rendered",
] as const;

export type HiddenBy = (typeof HIDDEN_BY)[number];

/** One piece of text on the page that a human looking at it would not read. */
export interface HiddenText {
  text: string;
  provenance: TextProvenance;
  /** Why it is hidden (empty for attribute, comment and meta text, which are never shown as such). */
  hiddenBy: HiddenBy[];
  /** A short description of where it sits, such as `div.review-note` or `#shadow > p`. */
  where: string;
}

/** The kind of secret a field collects. */
export type SensitiveKind = "password" | "card" | "one_time_code" | "api_key";

export interface SensitiveField {
  kind: SensitiveKind;
  /** Why it was judged sensitive: `type=password`, `autocomplete=cc-number`, `label:card number`, ... */
  evidence: string;
  where: string;
  /** The name or id of the field, if any. */
  name: string | null;
}

export interface FormFacts {
  /** The resolved URL the form would submit to. */
  action: string;
  /** `get`, `post` or `dialog`. */
  method: string;
  id: string | null;
  /** Sensitive fields inside this form. */
  sensitiveFields: SensitiveField[];
  /** How many fields the form holds. */
  fieldCount: number;
}

/** What the target element is, read from the live DOM. */
export interface TargetFacts {
  tag: string;
  /** Explicit role, or the implicit role of the element. */
  role: string | null;
  /** Accessible name, trimmed and bounded to 200 characters. */
  name: string;
  nameSource:
    | "aria-labelledby"
    | "aria-label"
    | "label"
    | "alt"
    | "title"
    | "text"
    | "placeholder"
    | "value"
    | "none";
  inputType: string | null;
  autocomplete: string | null;
  /** The `name` attribute. */
  elementName: string | null;
  id: string | null;
  /** The placeholder, when there is one (card and code fields are often told apart by it). */
  placeholder: string | null;
  /** The resolved href of a link (or of the link the element sits in). */
  href: string | null;
  /** The `target` attribute of the link or form (`_blank` opens a new window). */
  linkTarget: string | null;
  form: FormFacts | null;
  /** True when activating the element submits its form (a submit button, an image input, ...). */
  submitsForm: boolean;
  visible: boolean;
  /** Why the element is not visible to a human, when it is not. */
  hiddenBy: HiddenBy[];
  /** True when another element covers the centre of the target (clickjacking). */
  covered: boolean;
  enabled: boolean;
  inShadowRoot: boolean;
  inIframe: boolean;
  /** The text of the row, list item, card or article the element belongs to, bounded. */
  itemText: string | null;
  /**
   * The sections the element sits in, innermost first and joined by " › ": the nearest heading above it,
   * then the names of the fieldsets, groups, toolbars, forms, dialogs and landmarks around it (at most
   * four names of 60 characters, 160 in all); null when none has a name.
   */
  section: string | null;
  /** For `select`: the visible labels of the options and which one the value picks. */
  options: { value: string; label: string }[] | null;
  checked: boolean | null;
  /** The current value of a text field; never leaves the process for a sensitive field. */
  currentValueLength: number | null;
}

/** Where the action would take the browser, when it navigates. */
export interface Destination {
  url: string;
  origin: string;
  via: "goto" | "link" | "form" | "new-window";
}

export interface ActionFacts {
  kind: ActionKind;
  selector: string | null;
  /**
   * The value the model may see: the fill text, the key, the URL or the option, or a redaction marker
   * such as `[redacted: 16 characters]` when it is a secret. The raw value never sits in facts.
   */
  value: string | null;
  /** True when `value` was redacted. */
  valueRedacted: boolean;
  target: TargetFacts | null;
  destination: Destination | null;
}

export interface PageFacts {
  url: string;
  /** `null` for opaque origins such as `about:blank`. */
  origin: string | null;
  title: string;
  /** Text a human sees, in reading order, cut at `visibleTextBound` characters. */
  visibleText: string;
  visibleTextLength: number;
  visibleTextBound: number;
  visibleTextTruncated: boolean;
  hiddenText: HiddenText[];
  /** How many hidden text nodes there were before the list was bounded. */
  hiddenTextCount: number;
  /** False when the style checks ran out of time (pages with unreadable cross-origin stylesheets). */
  hiddenTextComplete: boolean;
  sensitiveFields: SensitiveField[];
  /** SHA-256 over what the user would approve: url, target facts, visible text, form values. */
  stateHash: string;
}

/** Everything the gate knows about one proposed action, read in one round trip. */
export interface DescribedAction {
  action: ActionFacts;
  page: PageFacts;
}
