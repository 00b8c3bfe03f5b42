/**
 * Product templates from which each seller's listings (and so the order items) are made. HSN codes
 * are real 8-digit classification codes of the product kind (docs/marketplace-api/listings.md#tax).
 */
export interface ProductTemplate {
	code: string;
	title: string;
	hsn: string;
	mrp: number;
	sellingPrice: number;
	/** Package of the final packaging, cm and kg. */
	dimensions: { length: number; breadth: number; height: number; weight: number };
	/** Number of packages it ships in (more than one makes an MPS listing). */
	packages: number;
}

export const PRODUCT_TEMPLATES: readonly ProductTemplate[] = [
	{
		code: 'TSHIRT',
		title: 'Cotton Round Neck T-Shirt',
		hsn: '61091000',
		mrp: 799,
		sellingPrice: 449,
		dimensions: { length: 28, breadth: 22, height: 3, weight: 0.25 },
		packages: 1,
	},
	{
		code: 'MUG',
		title: 'Ceramic Coffee Mug 350 ml',
		hsn: '69120040',
		mrp: 499,
		sellingPrice: 299,
		dimensions: { length: 14, breadth: 12, height: 12, weight: 0.45 },
		packages: 1,
	},
	{
		code: 'CASE',
		title: 'Shockproof Phone Case',
		hsn: '39269099',
		mrp: 599,
		sellingPrice: 249,
		dimensions: { length: 18, breadth: 10, height: 2, weight: 0.08 },
		packages: 1,
	},
	{
		code: 'EARBUD',
		title: 'Wireless Earbuds with Charging Case',
		hsn: '85183020',
		mrp: 2999,
		sellingPrice: 1499,
		dimensions: { length: 12, breadth: 10, height: 5, weight: 0.15 },
		packages: 1,
	},
	{
		code: 'BAG',
		title: 'Laptop Backpack 30 L',
		hsn: '42029200',
		mrp: 2499,
		sellingPrice: 1199,
		dimensions: { length: 45, breadth: 32, height: 10, weight: 0.9 },
		packages: 1,
	},
	{
		code: 'BOTTLE',
		title: 'Steel Water Bottle 1 L',
		hsn: '73239990',
		mrp: 899,
		sellingPrice: 549,
		dimensions: { length: 30, breadth: 9, height: 9, weight: 0.4 },
		packages: 1,
	},
	{
		code: 'NOTE',
		title: 'Ruled Notebook, Pack of 6',
		hsn: '48202000',
		mrp: 450,
		sellingPrice: 360,
		dimensions: { length: 30, breadth: 22, height: 6, weight: 1.1 },
		packages: 1,
	},
	{
		code: 'BULB',
		title: 'LED Bulb 9 W, Pack of 4',
		hsn: '85395000',
		mrp: 699,
		sellingPrice: 399,
		dimensions: { length: 24, breadth: 14, height: 12, weight: 0.3 },
		packages: 1,
	},
	{
		code: 'YOGA',
		title: 'Anti-Skid Yoga Mat 6 mm',
		hsn: '95069190',
		mrp: 1299,
		sellingPrice: 649,
		dimensions: { length: 62, breadth: 14, height: 14, weight: 1.2 },
		packages: 1,
	},
	{
		code: 'KURTA',
		title: 'Printed Straight Kurta',
		hsn: '62114290',
		mrp: 1599,
		sellingPrice: 799,
		dimensions: { length: 30, breadth: 25, height: 4, weight: 0.35 },
		packages: 1,
	},
	{
		code: 'SHOE',
		title: 'Running Shoes',
		hsn: '64041100',
		mrp: 3499,
		sellingPrice: 1899,
		dimensions: { length: 34, breadth: 22, height: 13, weight: 0.95 },
		packages: 1,
	},
	{
		code: 'CLOCK',
		title: 'Wooden Wall Clock',
		hsn: '91052100',
		mrp: 1199,
		sellingPrice: 699,
		dimensions: { length: 32, breadth: 32, height: 6, weight: 0.8 },
		packages: 1,
	},
	{
		code: 'CUSHN',
		title: 'Cushion Covers, Set of 5',
		hsn: '63049990',
		mrp: 999,
		sellingPrice: 499,
		dimensions: { length: 35, breadth: 30, height: 5, weight: 0.5 },
		packages: 1,
	},
	{
		code: 'PWRBNK',
		title: 'Power Bank 20000 mAh',
		hsn: '85076000',
		mrp: 2499,
		sellingPrice: 1399,
		dimensions: { length: 16, breadth: 9, height: 4, weight: 0.45 },
		packages: 1,
	},
	{
		code: 'SHADES',
		title: 'UV Protected Sunglasses',
		hsn: '90041000',
		mrp: 1499,
		sellingPrice: 599,
		dimensions: { length: 17, breadth: 8, height: 6, weight: 0.1 },
		packages: 1,
	},
	{
		code: 'DESK',
		title: 'Engineered Wood Study Desk',
		hsn: '94033010',
		mrp: 8999,
		sellingPrice: 5499,
		dimensions: { length: 110, breadth: 55, height: 12, weight: 18 },
		packages: 2,
	},
	{
		code: 'SOFA',
		title: 'Three Seater Fabric Sofa',
		hsn: '94016100',
		mrp: 39999,
		sellingPrice: 27999,
		dimensions: { length: 190, breadth: 80, height: 45, weight: 42 },
		packages: 3,
	},
];

export const COLOURS = ['BLK', 'WHT', 'BLU', 'RED', 'GRN', 'GRY'];
