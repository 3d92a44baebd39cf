// The opportunities feature's public face: what screens and other features may use. Its hooks are in api.ts.
export { OpportunityStatusBadge, OpportunityTypeTag, SkillTags } from "./opportunity-badges";
export { OpportunityCard } from "./opportunity-card";
export { parseOpportunityId } from "./opportunity-id";
export { OpportunityImage } from "./opportunity-image";
export { OpportunityNotFound } from "./opportunity-not-found";
export { ShowMore } from "./show-more";
