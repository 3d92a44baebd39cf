// The one place the browser talks to the server. Calls are typed by the shared contract, carry the session
// cookie, send JSON only when there is a body, and turn every failure into an error the UI can explain.
// They take an endpoint's route (./contract.ts), not its zod schemas: the server validates, the bundle stays small.
import {
  type BodyOf,
  buildPath,
  type EndpointRoute,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from "@shared/contract/endpoint";

/**
 * A non-2xx answer. The message follows docs/product-spec.md §7: `${status}: ${body text or status text}`.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }
}

/** The request never reached the server (offline, refused, aborted by the network). */
export class NetworkError extends Error {
  override readonly name = "NetworkError";

  constructor(cause: unknown) {
    super("Unable to connect to server. Please try again.", { cause });
  }
}

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

type ParamsOption<E extends EndpointRoute> =
  ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> };
type QueryOption<E extends EndpointRoute> =
  QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> };
type BodyOption<E extends EndpointRoute> =
  BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> };
type CallOptions<E extends EndpointRoute> = ParamsOption<E> & QueryOption<E> & BodyOption<E>;

/** Endpoints without params or body may be called without options at all. */
type OptionsArgument<E extends EndpointRoute> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/**
 * Skips null, undefined and empty strings; repeats the key for each element of an array
 * (docs/product-spec.md §7).
 */
export function toQueryString(query: QueryParams | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined || item === "") continue;
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export async function callApi<E extends EndpointRoute>(
  endpoint: E,
  ...[options]: OptionsArgument<E>
): Promise<ResponseOf<E>> {
  const { text } = await send(endpoint, options);
  return (text ? JSON.parse(text) : undefined) as ResponseOf<E>;
}

/** One page of a list and the size of the whole list, which the server sends as `X-Total-Count`. */
export interface ListPage<Item> {
  items: Item[];
  total: number;
}

/**
 * Calls a paged list endpoint (one answering an array and `X-Total-Count`). A server that sent no count is taken
 * to have sent the whole list.
 */
export async function callApiPage<E extends EndpointRoute>(
  endpoint: E,
  ...[options]: OptionsArgument<E>
): Promise<ListPage<ResponseOf<E> extends readonly (infer Item)[] ? Item : never>> {
  const { response, text } = await send(endpoint, options);
  const items = text ? JSON.parse(text) : [];
  const total = Number(response.headers.get("x-total-count"));
  return {
    items,
    total: Number.isFinite(total) && response.headers.has("x-total-count") ? total : items.length,
  };
}

async function send(
  endpoint: EndpointRoute,
  options: unknown,
): Promise<{ response: Response; text: string }> {
  const { params, query, body } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: QueryParams;
    body?: unknown;
  };
  const url = buildPath(endpoint.path, params) + toQueryString(query);
  const hasBody = body !== undefined;

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      credentials: "same-origin",
      headers: hasBody
        ? { accept: "application/json", "content-type": "application/json" }
        : { accept: "application/json" },
      body: hasBody ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw new NetworkError(error);
  }

  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return { response, text };
}

interface ErrorBody {
  message?: unknown;
  fieldErrors?: unknown;
}

function parseErrorBody(error: unknown): ErrorBody | undefined {
  if (!(error instanceof ApiError) || !error.bodyText) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.bodyText);
    return typeof parsed === "object" && parsed !== null ? (parsed as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

/** The server's `message` when the error carries one, else the fallback (by default the error's own text). */
export function errorMessage(error: unknown, fallback?: string): string {
  const message = parseErrorBody(error)?.message;
  if (typeof message === "string" && message.trim()) return message;
  return fallback ?? (error instanceof Error ? error.message : String(error));
}

/** Per-field messages of a 400 answer, `{ email: ["…"] }`; empty when there are none. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  const fieldErrors = parseErrorBody(error)?.fieldErrors;
  if (typeof fieldErrors !== "object" || fieldErrors === null) return {};
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === "string");
  }
  return result;
}

export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/**
 * The spec's logged-out test (docs/product-spec.md §8): an error whose message starts with 401 and mentions
 * Unauthorized.
 */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("401") && error.message.includes("Unauthorized");
}
