/** Hand-written word lists behind the toxicity rules, grouped by purpose. */
export {
  abusiveNouns,
  dehumanisingTerms,
  demeaningPlaces,
  hateVerbs,
  insultTerms,
  violentParticiples,
  violentVerbs,
  weapons,
} from "./terms-abuse.js";
export {
  condemnCues,
  medicalContext,
  negators,
  reclaimCues,
  reportingCues,
  techObjects,
} from "./terms-context.js";
export { identityTerms, identityWords, positiveTerms } from "./terms-identity.js";
