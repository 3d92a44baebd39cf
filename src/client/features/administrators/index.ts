// The administrators feature's public face: what screens and other features may use. Its hooks are in api.ts.
export { AdministratorsSection } from "./administrators-section";
