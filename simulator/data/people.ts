/** Word lists for plausible, clearly fictional buyers and addresses. */
export const FIRST_NAMES = [
	'Aarav', 'Ananya', 'Vihaan', 'Diya', 'Arjun', 'Isha', 'Kabir', 'Meera', 'Rohan', 'Saanvi',
	'Aditya', 'Kavya', 'Ishaan', 'Nisha', 'Reyansh', 'Pooja', 'Vivaan', 'Tara', 'Dev', 'Riya',
];

export const LAST_NAMES = [
	'Sharma', 'Iyer', 'Reddy', 'Patel', 'Nair', 'Gupta', 'Das', 'Menon', 'Singh', 'Kulkarni',
	'Joshi', 'Rao', 'Chatterjee', 'Verma', 'Pillai', 'Bose', 'Mehta', 'Shetty', 'Kapoor', 'Mishra',
];

export const CITIES: ReadonlyArray<{ city: string; state: string; pinPrefix: string }> = [
	{ city: 'Mumbai', state: 'Maharashtra', pinPrefix: '400' },
	{ city: 'Delhi', state: 'Delhi', pinPrefix: '110' },
	{ city: 'Chennai', state: 'Tamil Nadu', pinPrefix: '600' },
	{ city: 'Kolkata', state: 'West Bengal', pinPrefix: '700' },
	{ city: 'Hyderabad', state: 'Telangana', pinPrefix: '500' },
	{ city: 'Ahmedabad', state: 'Gujarat', pinPrefix: '380' },
	{ city: 'Lucknow', state: 'Uttar Pradesh', pinPrefix: '226' },
	{ city: 'Kochi', state: 'Kerala', pinPrefix: '682' },
	{ city: 'Bhopal', state: 'Madhya Pradesh', pinPrefix: '462' },
	{ city: 'Guwahati', state: 'Assam', pinPrefix: '781' },
];

export const STREETS = [
	'MG Road', 'Station Road', 'Lake View Street', 'Temple Street', 'Park Avenue',
	'Gandhi Nagar', 'Nehru Street', 'Market Lane', 'College Road', 'Hill View Colony',
];

export const LANDMARKS = ['Near City Mall', 'Opposite Post Office', 'Behind Bus Stand', null, 'Next to Metro Station', null];
