/** The resources and operations of the node, as a type map (n8n's modern node layout). */
type NodeTypeMap = {
	shipment:
		| 'getAll'
		| 'get'
		| 'getDetails'
		| 'generateLabels'
		| 'downloadLabels'
		| 'downloadLabelOnly'
		| 'downloadInvoices'
		| 'getForms'
		| 'updateFormAck'
		| 'dispatch'
		| 'cancel'
		| 'getHandoverCounts'
		| 'downloadManifest'
		| 'selfShipDispatch'
		| 'markDelivered'
		| 'recordDeliveryAttempt'
		| 'updateTracking'
		| 'getReturnsOtc';
	notificationSubscription: 'update';
	token: 'checkExpiry';
	authorization: 'getUrl' | 'completeAuthorization' | 'connectSeller';
	listing:
		| 'create'
		| 'createHyperlocal'
		| 'update'
		| 'updateHyperlocal'
		| 'updatePrice'
		| 'updateInventory'
		| 'get'
		| 'getAll';
	return:
		| 'get'
		| 'getAll'
		| 'approve'
		| 'reject'
		| 'markPickedUp'
		| 'recordPickupAttempt'
		| 'complete'
		| 'cancel';
	service: 'recordAttempt' | 'complete';
};

export type MarketplaceSellerResource = keyof NodeTypeMap;

export type MarketplaceSellerOperation<
	R extends MarketplaceSellerResource = MarketplaceSellerResource,
> = NodeTypeMap[R];
