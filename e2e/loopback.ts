// Requests from a loopback source address of their own, so registrations made by the tests stay under the
// per-address limit (docs/product-rules.md §1) however many specs register students.
import http from "node:http";
import { BASE_URL } from "./shared-servers";

/**
 * A loopback source address of its own. Registration is limited to ten per address and hour
 * (docs/product-rules.md §1); the whole of 127.0.0.0/8 reaches the server on Linux, so each batch of students
 * registers "from its own network" and the limit stays in force for everyone else.
 */
export function randomLoopbackAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `127.${octet()}.${octet()}.${octet()}`;
}

export function postFrom(
  localAddress: string,
  path: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = http.request(
      `${BASE_URL}${path}`,
      {
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    call.on("error", reject);
    call.end(payload);
  });
}
