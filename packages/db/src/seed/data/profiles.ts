/** Every leaf category's profile. */
import { GADGET_PROFILES } from './profiles-gadgets.ts';
import { HOME_PROFILES } from './profiles-home.ts';
import { KITCHEN_PROFILES } from './profiles-kitchen.ts';
import { OTHER_PROFILES } from './profiles-other.ts';
import { TV_PC_PROFILES } from './profiles-tv-pc.ts';
import type { Profile } from './profile-kit.ts';

export const PROFILES: Profile[] = [...GADGET_PROFILES, ...TV_PC_PROFILES, ...HOME_PROFILES, ...KITCHEN_PROFILES, ...OTHER_PROFILES];
