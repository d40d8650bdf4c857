/** Task names shared by the code that enqueues work and the code that does it. */
export const TASKS = {
  dispatch: "dispatch",
  webhookDelivery: "webhook-delivery",
  domainPoll: "domain-poll",
  domainHealth: "domain-health",
  domainRelease: "domain-release",
  retention: "retention",
  breaker: "deliverability-breaker",
  searchSummary: "search-summary",
  inboundParse: "inbound-parse",
  countsFold: "counts-fold",
} as const;
