import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Screens are lazily loaded chunks; on a busy two-core machine the first render can take more than the
// default second to appear.
configure({ asyncUtilTimeout: 5000 });

// No client test reaches the network. A test's files remove their fetch stubs in an afterEach that runs before
// this file's cleanup, and a screen still mounted in between (one the test navigated to, refetching its lists)
// used to fetch for real from happy-dom's origin, http://localhost:3000, and print ECONNREFUSED. A request no stub
// answers now fails at once, as it would in a browser that is offline.
const offline = () => Promise.reject(new TypeError("Failed to fetch: the client tests have no network"));
globalThis.fetch = offline as typeof fetch;
window.fetch = offline as typeof fetch;

afterEach(() => cleanup());
