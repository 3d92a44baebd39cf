// The interests feature's public face (docs/product-rules.md §12, ADR 0035).
export { InterestsForm } from "./interests-form";
export { InterestsPicker } from "./interests-picker";
export { InterestsPrompt } from "./interests-prompt";
export { ChooseInterestsHint, InterestMatchLabel } from "./match-label";
