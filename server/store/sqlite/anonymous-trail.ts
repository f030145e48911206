// The one write that takes a loan's member off its audit entries in SQLite (decision 083), as migration 41's trigger
// allows it: used by anonymizing (reading-history.ts) and by migration 43's back-fill of older loans, so that
// both write exactly the same change. The back-fill runs it with migration 41's trigger in place: any change here
// must still pass that trigger.

/**
 * The SET list of an UPDATE of audit: the uid becomes `marker`, who made the entry too when the member did (their
 * name ''), and the values of the actions in the JSON list `emptied` become NULL. Both are SQL expressions (a
 * parameter, a column of the update's FROM, a literal); the CASEs read the entry as it was.
 */
export const anonymousTrailSet = (marker: string, emptied: string): string => `uid = ${marker},
      actor_uid = CASE WHEN actor_uid = uid THEN ${marker} ELSE actor_uid END,
      actor_name = CASE WHEN actor_uid = uid THEN '' ELSE actor_name END,
      old_value = CASE WHEN action IN (SELECT value FROM json_each(${emptied})) THEN NULL ELSE old_value END,
      new_value = CASE WHEN action IN (SELECT value FROM json_each(${emptied})) THEN NULL ELSE new_value END`;
