import { MARKETPLACE } from '../shared/profile';

export const NODE_DISPLAY_NAME = `${MARKETPLACE.displayName} Seller Trigger`;
