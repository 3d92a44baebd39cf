// `GET /api/notifications/stream`: the HTTP side of the live updates (stream.ts holds the connections).
// Not in the contract: the contract describes JSON answers, and an endless event stream is not one. The guard is
// the contract's own (`authorize`); test/access-matrix.test.ts and stream.test.ts prove 401 for anonymous.
import type { Database } from "@server/db/client";
import { API_SECURITY_HEADERS, authorize } from "@server/http/route";
import type { FastifyInstance } from "fastify";
import { type Connection, LiveStreams, RETRY_MS } from "./stream";

export const STREAM_PATH = "/api/notifications/stream";

declare module "fastify" {
  interface FastifyInstance {
    liveStreams: LiveStreams;
  }
}

/** Registers the stream beside the notification routes. */
export function registerNotificationStream(app: FastifyInstance, db: Database): void {
  const streams = new LiveStreams(db, app.cache.tracker, app.log);
  app.decorate("liveStreams", streams);
  // Before the server waits for open connections to finish: a stream never would.
  app.addHook("preClose", async () => streams.closeAll());

  app.route({
    method: "GET",
    url: STREAM_PATH,
    helmet: false,
    schema: { hide: true },
    onRequest: async (request, reply) => {
      reply.headers(API_SECURITY_HEADERS);
      request.user = await authorize(db, request, "signedIn");
    },
    handler: async (request, reply) => {
      const user = request.user;
      const sid = request.session?.sid;
      if (!user || !sid) throw new Error("the guard let an anonymous caller through");
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...API_SECURITY_HEADERS,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store, no-transform",
        connection: "keep-alive",
        // nginx and similar proxies would otherwise hold the events back in a buffer.
        "x-accel-buffering": "no",
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);
      let ended = false;
      let close: () => void = () => undefined;
      const connection: Connection = {
        userId: user.id,
        admin: user.role === "admin",
        sid,
        send: (chunk) => {
          if (!ended) raw.write(chunk);
        },
        end: () => {
          if (ended) return;
          ended = true;
          close();
          raw.end();
        },
      };
      close = streams.open(connection);
      // The browser went away (tab closed, network lost): the response's socket closes.
      raw.on("close", () => connection.end());
      raw.on("error", () => connection.end());
    },
  });
}
