/** The spec's company size options (section 1). */
export const COMPANY_SIZES = ['Just myself', '2-10', '11-50', '51-200', '201-500', '500+'] as const;

/** The spec's role options (section 1). */
export const ONBOARDING_ROLES = [
  'Product / Project Manager',
  'Development / Engineering',
  'Founder / Executive',
  'Freelancer / Consultant',
  'Marketing / Growth',
  'Sales / Business Development',
  'Support / Operations',
  'Student / Professor',
  'Human Resources',
  'Other',
] as const;

/** The localStorage key of a user's onboarding answers (the server keeps no field for them). */
export const onboardingKey = (userId: string) => `app-onboarding:${userId}`;
