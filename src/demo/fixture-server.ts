import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The fixture site of the demo and the browser tests: several sites on loopback, told apart by host
 * name (`shop.localhost`, `mail.localhost`, ...; Chromium resolves `*.localhost` to loopback), so each is
 * its own origin. Every POST is recorded, so tests can prove a stopped action never reached a server.
 */

const SITE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures/site");

type Route = { file: string } | { respond: (body: string) => string };

const thanks = (title: string, text: string) => () =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p id="result">${text}</p></body></html>`;

const ROUTES: Record<string, Record<string, Route>> = {
  shop: {
    "GET /": { file: "shop/index.html" },
    "GET /_style.css": { file: "shop/_style.css" },
    "GET /_cart.js": { file: "shop/_cart.js" },
    "GET /products/aster": { file: "shop/product-aster.html" },
    "GET /products/aster/reviews": { file: "shop/reviews-aster.html" },
    "GET /cart": { file: "shop/cart.html" },
    "GET /checkout": { file: "shop/checkout.html" },
    "POST /orders": { file: "shop/order-placed.html" },
  },
  forum: {
    "GET /t/8841": { file: "forum/thread.html" },
    "POST /t/8841/reply": { respond: thanks("Answer posted", "Your answer is live.") },
  },
  partner: {
    "GET /collect": { file: "partner/collect.html" },
    "POST /collect": { respond: thanks("Received", "Thanks.") },
  },
  mail: {
    "GET /": { file: "mail/inbox.html" },
    "GET /_style.css": { file: "mail/_style.css" },
    "GET /m/1001": { file: "mail/message-1001.html" },
    "GET /m/1002": { file: "mail/message-1002.html" },
    "GET /compose": { file: "mail/compose.html" },
    "POST /send": { respond: thanks("Message sent", "Your message was sent.") },
  },
  bank: {
    "GET /transfer": { file: "bank/transfer.html" },
    "POST /transfer/confirm": { respond: thanks("Transfer sent", "Your transfer is on its way.") },
  },
  code: {
    "GET /acme-web/pull/42": { file: "code/pull-42.html" },
    "POST /acme-web/pull/42/merge": { respond: thanks("Merged", "Pull request #42 was merged.") },
    "POST /acme-web/pull/42/comments": { respond: thanks("Comment posted", "Your comment was added.") },
  },
};

export interface RecordedPost {
  site: string;
  path: string;
  body: string;
}

export interface FixtureSite {
  port: number;
  /** The base URL of one site, for example `url("shop")` → `http://shop.localhost:PORT`. */
  url(site: keyof typeof ROUTES, path?: string): string;
  /** Every POST the server received, in order. */
  posts: RecordedPost[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) {
        reject(new Error("body too large"));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolveBody(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
};

/** Starts the fixture site on a free loopback port. */
export async function startFixtureSite(): Promise<FixtureSite> {
  const posts: RecordedPost[] = [];
  let port = 0;
  const server: Server = createServer(async (request, response) => {
    const host = (request.headers.host ?? "").split(":")[0] ?? "";
    const site = host.endsWith(".localhost") ? host.slice(0, -".localhost".length) : "";
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const route = ROUTES[site]?.[`${request.method} ${path}`];
    try {
      const body = request.method === "POST" ? await readBody(request) : "";
      if (request.method === "POST") posts.push({ site, path, body });
      if (!route) {
        response.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      if ("file" in route) {
        const extension = route.file.slice(route.file.lastIndexOf("."));
        const content = readFileSync(join(SITE_ROOT, route.file), "utf8").replaceAll(
          "__PORT__",
          String(port),
        );
        response
          .writeHead(200, { "content-type": TYPES[extension] ?? "application/octet-stream" })
          .end(content);
      } else {
        response.writeHead(200, { "content-type": TYPES[".html"] }).end(route.respond(body));
      }
    } catch (error) {
      response.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    }
  });
  await new Promise<void>((resolveListen) => server.listen(0, "127.0.0.1", resolveListen));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (site, path = "/") => `http://${site}.localhost:${port}${path}`,
    posts,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
