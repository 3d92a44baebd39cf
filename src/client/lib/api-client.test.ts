import type { CurrentUser } from "@shared/contract/auth";
import { defineEndpoint } from "@shared/contract/endpoint";
import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import {
  ApiError,
  callApi,
  callApiPage,
  errorMessage,
  fieldErrorsOf,
  isUnauthorizedError,
  NetworkError,
  toQueryString,
} from "./api-client";
import { authContract, opportunitiesContract } from "./contract";

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function json(body: unknown, init?: ResponseInit): Response {
  return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" }, ...init });
}

afterEach(() => vi.unstubAllGlobals());

describe("toQueryString", () => {
  it("skips null, undefined and empty strings and repeats keys for arrays", () => {
    expect(
      toQueryString({
        timeframe: "month",
        opportunityId: null,
        search: "",
        page: undefined,
        limit: 50,
        skill: ["Arts", "Music"],
      }),
    ).toBe("?timeframe=month&limit=50&skill=Arts&skill=Music");
  });

  it("is empty when nothing is left", () => {
    expect(toQueryString({ a: null, b: "" })).toBe("");
    expect(toQueryString(undefined)).toBe("");
  });

  it("encodes values", () => {
    expect(toQueryString({ q: "a&b c" })).toBe("?q=a%26b+c");
  });
});

describe("callApi", () => {
  it("sends JSON with a content type only when there is a body", async () => {
    const fetchMock = stubFetch(json({ user: { id: 1 }, message: "ok" }));
    await callApi(authContract.login, { body: { email: "a@iimb.ac.in", password: "secret" } });

    expect(fetchMock).toHaveBeenCalledWith("/api/login", {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ email: "a@iimb.ac.in", password: "secret" }),
    });
  });

  it("sends no content type and no body without a body", async () => {
    const fetchMock = stubFetch(json({ message: "bye" }));
    await expect(callApi(authContract.logout)).resolves.toEqual({ message: "bye" });

    expect(fetchMock).toHaveBeenCalledWith("/api/logout", {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json" },
      body: undefined,
    });
  });

  it("fills path parameters and appends the query string", async () => {
    const endpoint = defineEndpoint({
      method: "GET",
      path: "/api/things/:id",
      access: "public",
      summary: "test",
      params: z.object({ id: z.number() }),
      query: z.object({ tag: z.array(z.string()).optional(), q: z.string().optional() }),
      response: z.object({}),
    });
    const fetchMock = stubFetch(json({}));
    await callApi(endpoint, { params: { id: 7 }, query: { tag: ["a", "b"], q: "" } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/things/7?tag=a&tag=b");
  });

  it("throws '<status>: <body text>' for a non-ok answer and keeps the status", async () => {
    stubFetch(json({ message: "Unauthorized" }, { status: 401, statusText: "Unauthorized" }));
    const error = await callApi(authContract.currentUser).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('401: {"message":"Unauthorized"}');
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it("falls back to the status text when the body is empty", async () => {
    stubFetch(new Response("", { status: 502, statusText: "Bad Gateway" }));
    await expect(callApi(authContract.currentUser)).rejects.toThrow("502: Bad Gateway");
  });

  it("turns a failed fetch into a NetworkError", async () => {
    stubFetch(new TypeError("Failed to fetch"));
    const error = await callApi(authContract.currentUser).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe("Unable to connect to server. Please try again.");
  });
});

describe("the client's contract", () => {
  it("calls each endpoint by its method and path and types the answer by the server's schema", async () => {
    const fetchMock = stubFetch(json({ message: "Closed" }));
    const answer = await callApi(opportunitiesContract.close, { params: { id: 12 } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/opportunities/12/close");
    expect(fetchMock.mock.calls[0]?.[1].method).toBe("PATCH");
    expectTypeOf(answer.title).toEqualTypeOf<string>();
    expectTypeOf(() => callApi(authContract.currentUser)).returns.resolves.toEqualTypeOf<CurrentUser>();
  });

  it("requires the params and body the schemas ask for (checked by the compiler)", () => {
    // Never called: the compiler reads these lines, and fails the build if any of them compiles.
    const misuses = () => [
      // @ts-expect-error the id is missing
      callApi(opportunitiesContract.get),
      // @ts-expect-error the password is text
      callApi(authContract.login, { body: { email: "a@iimb.ac.in", password: 1234 } }),
      // @ts-expect-error the sign-in needs a body
      callApi(authContract.login),
      // @ts-expect-error the password is missing
      callApi(authContract.login, { body: { email: "a@iimb.ac.in" } }),
      // @ts-expect-error anonymity is true or false
      callApi(authContract.updateProfile, { body: { anonymizeLeaderboard: "yes" } }),
    ];
    expect(misuses).toBeTypeOf("function");
  });
});

describe("error helpers", () => {
  const badRequest = new ApiError(
    400,
    JSON.stringify({ message: "Check the form", fieldErrors: { email: ["Enter a valid e-mail address"] } }),
    "Bad Request",
  );

  it("reads the server's message, else the fallback", () => {
    expect(errorMessage(badRequest, "Unable to create account")).toBe("Check the form");
    expect(errorMessage(new ApiError(500, "<html>", "Internal Server Error"), "Unable")).toBe("Unable");
    expect(errorMessage(new Error("boom"), "Unable")).toBe("Unable");
    expect(errorMessage(new ApiError(502, "", "Bad Gateway"))).toBe("502: Bad Gateway");
  });

  it("reads field errors", () => {
    expect(fieldErrorsOf(badRequest)).toEqual({ email: ["Enter a valid e-mail address"] });
    expect(fieldErrorsOf(new ApiError(409, JSON.stringify({ message: "Exists" }), "Conflict"))).toEqual({});
  });

  it("recognises only a 401 that says Unauthorized as logged out", () => {
    expect(
      isUnauthorizedError(new ApiError(401, JSON.stringify({ message: "Invalid credentials" }), "")),
    ).toBe(false);
    expect(isUnauthorizedError(new ApiError(403, "Unauthorized", ""))).toBe(false);
  });
});

describe("callApiPage", () => {
  const endpoint = defineEndpoint({
    method: "GET",
    path: "/api/things",
    access: "public",
    summary: "test",
    response: z.array(z.object({ id: z.number() })),
  });

  it("returns the page and the whole list's size from X-Total-Count", async () => {
    stubFetch(json([{ id: 21 }, { id: 22 }], { headers: { "x-total-count": "6892" } }));
    const page = await callApiPage(endpoint);
    expect(page).toEqual({ items: [{ id: 21 }, { id: 22 }], total: 6892 });
    expectTypeOf(page.items).toEqualTypeOf<{ id: number }[]>();
  });

  it("takes the page for the whole list when the server sends no count", async () => {
    stubFetch(json([{ id: 1 }]));
    expect(await callApiPage(endpoint)).toEqual({ items: [{ id: 1 }], total: 1 });
  });
});
