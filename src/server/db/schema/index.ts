export * from "./applications";
export * from "./badges";
export * from "./coins";
export * from "./hours";
export * from "./notifications";
export * from "./opportunities";
export * from "./rate-limits";
export * from "./users";
