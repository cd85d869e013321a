import { keywordAnswers } from "../../src/backends/keyword-backend.js";
import type { DecisionState } from "../../src/spec/decision-state.js";
import { GATE_QUESTIONS } from "../../src/spec/questions.js";
import { type LoopbackServer, readText, startLoopbackServer } from "./loopback-server.js";

/**
 * A small real server that speaks OpenAI's chat completions with log-probabilities, for the
 * OpenAI-compatible backend's tests. Its "model" is the keyword baseline: it reads the state from the
 * prompt, recognises which gate question is asked, and returns the keyword's probabilities as the
 * log-probabilities of the first token, spread over token variants (`A`, ` A`, `yes`, ` Yes`) and with a
 * little mass on a token that is no option, as real servers do.
 */
export type LogprobMode =
  /** Full top_logprobs. */
  | "top"
  /** `logprobs: null`, as a server that ignores the parameter. */
  | "none"
  /** Only the sampled token's log-probability, no top_logprobs. */
  | "sampled-only"
  /** Nearly all mass on a token that is no option. */
  | "off-options";

export interface LogprobChatServer extends LoopbackServer {
  /** Every request body received. */
  requests: Record<string, unknown>[];
}

export const CHAT_MODEL = "keyword-as-chat-1";
/** Probability the fake model gives to a token that is no option. */
export const NOISE_MASS = 0.02;

function candidatesFor(masses: [string, number][], mode: LogprobMode): { token: string; logprob: number }[] {
  const scale = mode === "off-options" ? 0.1 : 1 - NOISE_MASS;
  const list: { token: string; logprob: number }[] = [];
  for (const [label, mass] of masses) {
    if (mass <= 0) continue;
    list.push({ token: label, logprob: Math.log(mass * scale * 0.8) });
    list.push({
      token: ` ${label.length === 1 ? label : label[0]?.toUpperCase() + label.slice(1)}`,
      logprob: Math.log(mass * scale * 0.2),
    });
  }
  list.push({ token: "The", logprob: Math.log(1 - scale) });
  return list.sort((a, b) => b.logprob - a.logprob);
}

export async function startLogprobChatServer(mode: LogprobMode = "top"): Promise<LogprobChatServer> {
  const requests: Record<string, unknown>[] = [];
  const server = await startLoopbackServer(async (request, response) => {
    const body = JSON.parse(await readText(request)) as {
      messages: { role: string; content: string }[];
    };
    requests.push(body as unknown as Record<string, unknown>);
    const prompt = body.messages.at(-1)?.content ?? "";
    const stateText = /<state>\n([\s\S]*)\n<\/state>/.exec(prompt)?.[1] ?? "{}";
    const state = JSON.parse(stateText) as DecisionState;
    const answers = keywordAnswers(state).answers as Record<
      string,
      { probabilities?: Record<string, number>; noul?: number }
    >;
    const [id, question] =
      Object.entries(GATE_QUESTIONS).find(([, known]) =>
        prompt.includes(`Question: ${known.instructions}`),
      ) ?? [];
    let masses: [string, number][] = [];
    if (id && question?.type === "choice") {
      const probabilities = answers[id]?.probabilities ?? {};
      masses = Object.keys(question.criteria).map((option, index) => [
        String.fromCharCode(65 + index),
        probabilities[option] ?? 0,
      ]);
    } else if (id) {
      const yes = answers[id]?.noul ?? 0.5;
      masses = [
        ["yes", yes],
        ["no", 1 - yes],
      ];
    }
    const candidates = candidatesFor(masses, mode);
    const sampled = candidates[0] ?? { token: "The", logprob: 0 };
    const logprobs =
      mode === "none"
        ? null
        : {
            content: [
              {
                token: sampled.token,
                logprob: sampled.logprob,
                bytes: [...Buffer.from(sampled.token)],
                ...(mode === "sampled-only" ? {} : { top_logprobs: candidates }),
              },
            ],
          };
    const text = JSON.stringify({
      id: `chatcmpl-${requests.length}`,
      object: "chat.completion",
      created: 0,
      model: CHAT_MODEL,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: sampled.token },
          logprobs,
          finish_reason: "length",
        },
      ],
      usage: { prompt_tokens: 0, completion_tokens: 1, total_tokens: 1 },
    });
    response.writeHead(200, { "content-type": "application/json" });
    response.end(text);
  });
  return Object.assign(server, { requests });
}
