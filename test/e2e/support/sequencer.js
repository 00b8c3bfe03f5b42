// Runs the e2e files in name order (01-..., 02-..., 10-...): the 2.x parts first, the 1.x smoke last,
// whatever jest's timing cache says.
const Sequencer = require('@jest/test-sequencer').default;

class NameOrderSequencer extends Sequencer {
	sort(tests) {
		return [...tests].sort((a, b) => a.path.localeCompare(b.path));
	}
}

module.exports = NameOrderSequencer;
