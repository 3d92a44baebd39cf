// The ceiling of this machine in the same run: a bare Fastify route answering a constant JSON body of the size
// asked for (GET /constant/:bytes). A real read of that size can approach this rate, never pass it.
import Fastify from "fastify";

const bodies = new Map();
const bodyOf = (bytes) => {
  // A ready Buffer, as the server's shared replies are: the ceiling pays no encoding per request either.
  if (!bodies.has(bytes))
    bodies.set(bytes, Buffer.from(JSON.stringify({ padding: "x".repeat(Math.max(0, bytes - 14)) })));
  return bodies.get(bytes);
};
const app = Fastify({ logger: false });
app.get("/constant/:bytes", async (request, reply) =>
  reply.header("content-type", "application/json").send(bodyOf(Number(request.params.bytes) || 0)),
);
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
console.log(`ceiling listening on ${app.server.address().port}`);
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
