import * as listings from './listSearch';
import * as shipmentLists from './shipmentLists';

/** The "From List" methods of the resource locators: SKUs, shipments, locations. */
export const listSearch = { ...listings, ...shipmentLists };
