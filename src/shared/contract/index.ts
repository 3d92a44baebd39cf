// The whole API in one table. A test walks `allEndpoints` to prove every access rule.
import { authContract } from "./auth";
import type { Endpoint } from "./endpoint";
import { systemContract } from "./system";

export const contract = {
  system: systemContract,
  auth: authContract,
} as const;

export const allEndpoints: Endpoint[] = Object.values(contract).flatMap((domain) => Object.values(domain));
