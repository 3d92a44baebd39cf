// The ceiling of this machine in the same run: a bare Fastify route answering a constant JSON body of a given
// size. A real read can approach this rate, never pass it.
import Fastify from "fastify";

const bytes = Number(process.env.BODY_BYTES ?? 1000);
const body = JSON.stringify({ padding: "x".repeat(Math.max(0, bytes - 14)) });
const app = Fastify({ logger: false });
app.get("/constant", async (_request, reply) => reply.header("content-type", "application/json").send(body));
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
console.log(`ceiling listening on ${app.server.address().port}`);
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
