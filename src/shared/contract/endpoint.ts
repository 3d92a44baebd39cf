// The shape of one API endpoint. Every endpoint of the product is declared once with this helper; the server
// installs its route and access guard from the declaration and the client derives its typed calls from it.
import type { z } from "zod";

/** Who may call an endpoint. The guard answers 401 to anonymous callers and 403 to the wrong role. */
export type Access = "public" | "signedIn" | "student" | "admin";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/opportunities/:id`. */
  path: string;
  access: Access;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of the success body; it also filters what leaves the server. */
  response: z.ZodType;
  /** Success status, 200 unless said otherwise. */
  successStatus?: 200 | 201;
}

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export type ParamsOf<E extends Endpoint> = E["params"] extends z.ZodType ? z.input<E["params"]> : undefined;
export type QueryOf<E extends Endpoint> = E["query"] extends z.ZodType ? z.input<E["query"]> : undefined;
export type BodyOf<E extends Endpoint> = E["body"] extends z.ZodType ? z.input<E["body"]> : undefined;
export type ResponseOf<E extends Endpoint> = z.output<E["response"]>;

/** Substitutes `:name` segments of a path with URL-encoded parameter values. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
