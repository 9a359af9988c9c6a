export { ActivityFeed, type ActivityFeedProps } from './activity-feed.js';
export { ActivityIcon } from './activity-icon.js';
export { cyclePath, issuePath, modulePath, profilePath } from './activity-paths.js';
export { ACTIVITY_FIELDS, ACTIVITY_ICON_COLOR, DELETED_ISSUE_TEXT, HIDDEN_ISSUE_TEXT, type ActivityActor, type ActivityRow } from './activity-row.js';
export { activitySentence, sentenceText, type SentenceOptions, type SentencePart } from './activity-sentence.js';
export { absoluteTime, relativeTime } from './relative-time.js';
