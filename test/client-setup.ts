import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Screens are lazily loaded chunks; on a busy two-core machine the first render can take more than the
// default second to appear.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
