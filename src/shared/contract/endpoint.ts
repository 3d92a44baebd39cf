// The shape of one API endpoint. Every endpoint of the product is declared once with this helper; the server
// installs its route and access guard from the declaration and the client derives its typed calls from it.
import type { z } from "zod";

/** Who may call an endpoint. The guard answers 401 to anonymous callers and 403 to the wrong role. */
export type Access = "public" | "signedIn" | "student" | "admin";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a call needs at run time. The rows of `apiRoutes` (routes.ts); an endpoint adds its schemas to one. */
export interface EndpointRoute {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/opportunities/:id`. */
  path: string;
  access: Access;
}

export interface Endpoint extends EndpointRoute {
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of the success body; it also filters what leaves the server. */
  response: z.ZodType;
  /** Success status, 200 unless said otherwise. */
  successStatus?: 200 | 201;
  /**
   * How browsers may keep the answer. Every API answer is `no-store` (docs/product-rules.md §7: personal data
   * is never stored by browsers or proxies) unless the endpoint is a read that holds nothing personal and
   * says "revalidate": the browser keeps it and asks with its ETag (`private, no-cache`), answered 304 when
   * unchanged.
   */
  browserCache?: "revalidate";
}

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

declare const endpointTypes: unique symbol;

/**
 * The route of endpoint E that remembers E's types, for a caller that must not carry E's schemas (the browser).
 * The marker exists only for the compiler.
 */
export type TypedRoute<E extends Endpoint> = Pick<E, "method" | "path" | "access"> & {
  readonly [endpointTypes]?: E;
};

/** The endpoint behind an endpoint or a typed route. */
type EndpointOf<R extends EndpointRoute> = R extends Endpoint
  ? R
  : R extends { readonly [endpointTypes]?: infer E extends Endpoint }
    ? E
    : never;

type InputOf<S> = [S] extends [z.ZodType] ? z.input<S> : undefined;

export type ParamsOf<R extends EndpointRoute> = InputOf<EndpointOf<R>["params"]>;
export type QueryOf<R extends EndpointRoute> = InputOf<EndpointOf<R>["query"]>;
export type BodyOf<R extends EndpointRoute> = InputOf<EndpointOf<R>["body"]>;
export type ResponseOf<R extends EndpointRoute> = z.output<EndpointOf<R>["response"]>;

/** Substitutes `:name` segments of a path with URL-encoded parameter values. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
