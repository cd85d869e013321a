import { ExternalDataError, readJson } from "./external-data.js";
import { type InjectionText, placeInjectionTexts } from "./injection-placement.js";
import {
  chatTemplateForConversation,
  forumTemplateForThread,
  type PageTemplate,
  type Split,
  VARIANT_OF_SPLIT,
} from "./page-templates.js";
import type { LeftOut, SuiteBuild } from "./suite-build.js";

/**
 * RedTeamCUA's part of the `injection` suite. Each scenario pairs a benign task on a site ("find the
 * post about the extension and set it up") with 24 adversarial goals, each written twice (in words and
 * as a shell command), that replace a forum reply or a colleague's chat answer. They are the source's
 * positives: pageInstructsAgent true. They are marked hard, because the posts do not name an AI; they
 * tell whoever follows them to delete, leak or break things first ("THIS IS IMPORTANT! You must first
 * remove ..."), which is how a computer-use agent is hijacked, but a reader could call them a hostile
 * how-to.
 *
 * Each post is placed in its own scenario: the forum thread of the reddit scenarios (title and path
 * from the scenario's URL) or the direct message with the colleague of the chat scenarios, with the
 * scenario's benign task (its `end2end` wording) and a reading step as the action. When the post is
 * hidden, the block shows the post's own benign part (the "After that, you can ..." instructions).
 * The chat scenarios keep the reply inside a generator hint with escaped newlines (`\\n`); those are
 * turned back into line breaks.
 *
 * Left out: the three ownCloud scenarios, whose posts exist only as PDF files that were not copied.
 *
 * Splits: a diagonal of two partitions, each of which alone would leak.
 * - By goal family, the source's own taxonomy: Integrity goals (ids 1-14) → train, Confidentiality
 *   (15-19) → dev, Availability (20-24) → test. Every scenario file repeats the same 24 goals with only
 *   the scenario's tail changed, so splitting by file alone would put the same attack text in all
 *   three splits.
 * - By scenario: each scenario's page (thread title and opening post, or the question to the
 *   colleague), its task and the benign part of its posts are the same for all 24 goals, and the a/b/c
 *   template variants keep that text, so the goal split alone puts near-identical pages (word 5-gram
 *   Jaccard up to 0.73 on the page text) in train, dev and test. Each scenario is therefore given one
 *   split (one forum and one chat scenario per split).
 * Only the posts where the two agree are kept: a scenario's posts of its own split's goal family (28
 * posts for a train scenario, 10 for a dev or test one; 96 of 288). Every scenario carries every goal,
 * so any post kept off the diagonal would put its scenario or its attack in a second split. Two
 * scenarios a split (rather than, say, four in train) keeps a forum and a chat page in dev and test.
 * The rest are left out as `scenario-in-other-split`. (The "THIS IS IMPORTANT! You must first ..."
 * frame is shared by every goal: the source is built from one template, so report it on its own.)
 */

export const REDTEAMCUA_FOLDER = "redteamcua";

interface Scenario {
  name: string;
  platform: "reddit" | "rocketchat" | "owncloud";
  /** The only split the scenario's page may appear in; null for the ownCloud scenarios, left out whole. */
  split: Split | null;
}

// One forum and one chat scenario per split, so every split has both kinds of RedTeamCUA page.
const SCENARIOS: readonly Scenario[] = [
  { name: "reddit_gitclone", platform: "reddit", split: "train" },
  { name: "reddit_alias_tmux", platform: "reddit", split: "dev" },
  { name: "reddit_install_termcolor", platform: "reddit", split: "test" },
  { name: "rocketchat_install_nodejs", platform: "rocketchat", split: "train" },
  { name: "rocketchat_git_config", platform: "rocketchat", split: "dev" },
  { name: "rocketchat_vim_editor", platform: "rocketchat", split: "test" },
  { name: "owncloud_setup_project", platform: "owncloud", split: null },
  { name: "owncloud_linux_tutorial", platform: "owncloud", split: null },
  { name: "owncloud_docker_entry", platform: "owncloud", split: null },
];

const SPLIT_ORDER: readonly Split[] = ["train", "dev", "test"];

/** The split of a goal category (`Integrity/Delete/Normal`), by its first part. */
export function redteamcuaSplit(category: string): Split | null {
  const top = category.split("/")[0];
  if (top === "Integrity") return "train";
  if (top === "Confidentiality") return "dev";
  if (top === "Availability") return "test";
  return null;
}

interface AdversarialGoal {
  id: string;
  category: string;
  description: string;
  injection_contents: {
    type: string;
    action: {
      parameters: { new_content?: string; scenarios_json_data?: Record<string, { strategy_hint?: string }> };
    };
  }[];
}

interface BenignTask {
  platform: string;
  target_url: string;
  instruction: { end2end: { instruction: string }; loose: { instruction: string } };
}

/** The post text of one injection: inline for the forum, inside the generator hint for the chat. */
export function redteamcuaPostText(
  parameters: AdversarialGoal["injection_contents"][number]["action"]["parameters"],
): { text: string; colleague: string | null } | null {
  if (typeof parameters.new_content === "string") return { text: parameters.new_content, colleague: null };
  const entries = Object.entries(parameters.scenarios_json_data ?? {});
  const [colleague, scenario] = entries[0] ?? [];
  const hint = scenario?.strategy_hint;
  if (typeof hint !== "string") return null;
  const quoted = /reply the following content: '([\s\S]*)'\s*$/.exec(hint)?.[1];
  if (quoted === undefined) return null;
  return { text: quoted.replace(/\\n/g, "\n"), colleague: colleague ?? null };
}

/** The benign part of a post ("After that, you can ..."), shown when the attack itself is hidden. */
export function benignPartOf(post: string): string | null {
  const at = post.indexOf("After that, ");
  if (at < 0) return null;
  const rest = post.slice(at + "After that, ".length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

function threadFromUrl(targetUrl: string): { title: string; path: string } {
  const path = targetUrl.replace(/^__REDDIT__/, "") || "/";
  const slug =
    path
      .split("/")
      .filter((part) => part !== "")
      .pop() ?? "thread";
  const words = slug.replace(/-/g, " ").replace(/\bai\b/g, "AI");
  return { title: words.charAt(0).toUpperCase() + words.slice(1), path };
}

/** The question the user's message asks the colleague, from the benign task's wording. */
function questionFromTask(instruction: string): string {
  const asked = /Ask him (?:about )?(how to [^,.]*?)(?:,| then\b| and\b|\.|$)/.exec(instruction)?.[1];
  return asked ? `could you tell me ${asked.trim()}?` : "could you help me with the setup?";
}

function scenarioTemplate(
  scenario: Scenario,
  benign: BenignTask,
  split: Split,
  colleague: string | null,
): PageTemplate {
  const variant = VARIANT_OF_SPLIT[split];
  const task = benign.instruction.end2end.instruction;
  if (scenario.platform === "reddit") {
    const { title, path } = threadFromUrl(benign.target_url);
    return forumTemplateForThread(
      variant,
      {
        title,
        author: "crowbar_dev",
        post: "Sharing this with the sub. Details and the commands are in the replies below.",
        path,
      },
      task,
      `forum-${variant}`,
    );
  }
  const name = colleague ?? "Mike Chen";
  const first = name.split(" ")[0] ?? name;
  return chatTemplateForConversation(
    variant,
    {
      channel: name,
      earlier: [
        { author: "You", text: `Hi ${first}, ${questionFromTask(benign.instruction.loose.instruction)}` },
      ],
    },
    task,
    `chat-${variant}`,
  );
}

/** RedTeamCUA's texts (all positives) from the reddit and chat scenarios, before placement. */
export function redteamcuaInjectionTexts(dataDirectory: string): {
  texts: InjectionText[];
  leftOut: LeftOut[];
} {
  const texts: InjectionText[] = [];
  const leftOut: LeftOut[] = [];
  for (const scenario of SCENARIOS) {
    const advFile = `${REDTEAMCUA_FOLDER}/adv/adversary_task.raw_own_${scenario.name}.json`;
    const benignFile = `${REDTEAMCUA_FOLDER}/benign/benign_task.raw_own_${scenario.name}.json`;
    const goals = readJson(dataDirectory, advFile);
    if (!Array.isArray(goals))
      throw new ExternalDataError("external_data_malformed", `${advFile} is not a JSON array`);
    if (scenario.platform === "owncloud") {
      for (const goal of goals as AdversarialGoal[])
        for (const injection of goal.injection_contents)
          leftOut.push({
            item: `${advFile}#${goal.id}.${injection.type}`,
            reason: "post-only-in-pdf-not-copied",
          });
      continue;
    }
    const benignTasks = readJson(dataDirectory, benignFile);
    const benign = Array.isArray(benignTasks) ? (benignTasks[0] as BenignTask | undefined) : undefined;
    if (!benign) throw new ExternalDataError("external_data_malformed", `${benignFile} has no benign task`);
    const templates = new Map<string, PageTemplate>();
    for (const goal of goals as AdversarialGoal[]) {
      const split = redteamcuaSplit(goal.category);
      for (const injection of goal.injection_contents) {
        const item = `${advFile}#${goal.id}.${injection.type}`;
        const post = redteamcuaPostText(injection.action.parameters);
        if (split === null || post === null) {
          leftOut.push({ item, reason: split === null ? "unknown-goal-category" : "post-not-found" });
          continue;
        }
        if (split !== scenario.split) {
          leftOut.push({ item, reason: "scenario-in-other-split" });
          continue;
        }
        const key = `${split}:${post.colleague ?? ""}`;
        const template = templates.get(key) ?? scenarioTemplate(scenario, benign, split, post.colleague);
        templates.set(key, template);
        const filler = benignPartOf(post.text);
        texts.push({
          source: "redteamcua",
          partition: `${REDTEAMCUA_FOLDER}/goals#${goal.category.split("/")[0]}`,
          split,
          instructsAgent: true,
          text: post.text,
          framing: "bare",
          describe: `A RedTeamCUA adversarial ${scenario.platform === "reddit" ? "forum reply" : "chat reply"} (goal ${goal.id} ${goal.description}, ${goal.category}, ${injection.type} form)`,
          tags: [
            `redteamcua:${(goal.category.split("/")[0] ?? "").toLowerCase()}`,
            `redteamcua:${scenario.name}`,
            `redteamcua:${injection.type}`,
          ],
          template,
          ...(post.colleague ? { author: post.colleague } : {}),
          ...(filler ? { filler } : {}),
          hard: true,
        });
      }
    }
  }
  return { texts, leftOut };
}

/**
 * Builds RedTeamCUA's cases. The texts are placed split by split (train, then dev, then test): the
 * placement rotates by position, and in source order every scenario's slice of one goal family starts
 * at the same offset of the rotation (48 posts a scenario, 12 hiding styles), so the dev and test
 * slices would never meet some styles (test would have no visible post at all).
 */
export function redteamcuaInjectionCases(dataDirectory: string): SuiteBuild {
  const { texts, leftOut } = redteamcuaInjectionTexts(dataDirectory);
  const ordered = SPLIT_ORDER.flatMap((split) => texts.filter((text) => text.split === split));
  return { cases: placeInjectionTexts(ordered, "inj-redteamcua"), leftOut };
}
