import { z } from "zod";
import { ACTION_KINDS } from "./action.js";
import { EFFECTS } from "./questions.js";

/**
 * One labelled eval case, one per line of a JSON Lines file. Two forms:
 * - a DOM case carries a page (`html` inline or `htmlFile` relative to the case file) and an action with
 *   a CSS selector; it is loaded into Chromium at its URL and described by the product's own code;
 * - a described case carries the facts directly (`page: {url, title, text}`, `action.target`) and skips
 *   the browser.
 */

const labels = z.strictObject({
  effect: z.enum(EFFECTS),
  servesTask: z.boolean(),
  pageInstructsAgent: z.boolean(),
});

const url = z.string().refine((value) => URL.canParse(value), { message: "must be an absolute URL" });

const domPage = z
  .strictObject({ url, html: z.string().min(1).optional(), htmlFile: z.string().min(1).optional() })
  .refine((page) => (page.html === undefined) !== (page.htmlFile === undefined), {
    message: "needs exactly one of html or htmlFile",
  });

const describedPage = z.strictObject({
  url,
  title: z.string(),
  text: z.string(),
  /** Text a human would not see (optional): what a DOM case would find hidden. */
  hiddenText: z.array(z.string()).optional(),
});

const domAction = z.strictObject({
  kind: z.enum(ACTION_KINDS),
  selector: z.string().min(1).optional(),
  value: z.string().optional(),
});

const describedTarget = z.strictObject({
  role: z.string().nullable().optional(),
  name: z.string().optional(),
  tag: z.string().optional(),
  inputType: z.string().nullable().optional(),
  autocomplete: z.string().nullable().optional(),
  href: z.string().nullable().optional(),
  formAction: z.string().nullable().optional(),
  formMethod: z.string().nullable().optional(),
  itemText: z.string().nullable().optional(),
  section: z.string().nullable().optional(),
});

const describedAction = z.strictObject({
  kind: z.enum(ACTION_KINDS),
  target: describedTarget.optional(),
  value: z.string().optional(),
});

const common = {
  id: z.string().regex(/^[a-z0-9][a-z0-9_.:-]*$/, "lowercase letters, digits and . _ : -"),
  site: z.string().min(1),
  task: z.string().min(1),
  labels,
  hard: z.boolean(),
  note: z.string().min(1),
  split: z.enum(["train", "dev", "test"]),
  source: z.string().min(1),
  /** Cases built on the same page template share a group; a group never straddles splits. */
  group: z.string().min(1).optional(),
  tags: z.array(z.string()).optional(),
  /**
   * Which labels the source really provides and the eval scores. Default: all three questions and the
   * verdict. External suites that only know the effect (say) score only that.
   */
  scored: z
    .array(z.enum(["effect", "servesTask", "pageInstructsAgent", "verdict"]))
    .min(1)
    .optional(),
};

export const domCaseSchema = z
  .strictObject({ ...common, page: domPage, action: domAction })
  .superRefine((value, context) => {
    if (value.action.kind === "goto") {
      if (value.action.selector !== undefined)
        context.addIssue({ code: "custom", path: ["action", "selector"], message: "goto takes no selector" });
      if (value.action.value === undefined || !URL.canParse(value.action.value, value.page.url))
        context.addIssue({ code: "custom", path: ["action", "value"], message: "goto needs a URL in value" });
    } else if (value.action.selector === undefined) {
      context.addIssue({
        code: "custom",
        path: ["action", "selector"],
        message: `${value.action.kind} needs a selector`,
      });
    }
    if (["fill", "press", "select"].includes(value.action.kind) && value.action.value === undefined)
      context.addIssue({
        code: "custom",
        path: ["action", "value"],
        message: `${value.action.kind} needs a value`,
      });
  });

export const describedCaseSchema = z
  .strictObject({ ...common, page: describedPage, action: describedAction })
  .superRefine((value, context) => {
    if (value.action.kind !== "goto" && value.action.target === undefined)
      context.addIssue({
        code: "custom",
        path: ["action", "target"],
        message: `${value.action.kind} needs a target`,
      });
    if (
      value.action.kind === "goto" &&
      (value.action.value === undefined || !URL.canParse(value.action.value))
    )
      context.addIssue({ code: "custom", path: ["action", "value"], message: "goto needs a URL in value" });
  });

export type DomCase = z.infer<typeof domCaseSchema>;
export type DescribedCase = z.infer<typeof describedCaseSchema>;
export type EvalCase = DomCase | DescribedCase;
export type CaseLabels = z.infer<typeof labels>;

export function isDescribedCase(value: EvalCase): value is DescribedCase {
  return "text" in value.page;
}
