// n8n's code style for community nodes: tabs, single quotes, trailing commas, 100 columns.
module.exports = {
	useTabs: true,
	tabWidth: 2,
	printWidth: 100,
	singleQuote: true,
	semi: true,
	trailingComma: 'all',
	bracketSpacing: true,
	arrowParens: 'always',
	quoteProps: 'as-needed',
	endOfLine: 'lf',
};
