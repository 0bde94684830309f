// JUnit XML for a CI system (issue 27): every jest tier writes reports/junit-<tier>.xml beside the console output.
const path = require('node:path')

const REPORTS = path.resolve(__dirname, '..', 'reports')

/** jest's `reporters` for one tier: the console as before, plus reports/junit-<tier>.xml. */
module.exports = (tier) => [
  'default',
  [
    'jest-junit',
    {
      outputDirectory: REPORTS,
      outputName: `junit-${tier}.xml`,
      suiteName: tier,
      // One <testsuite> per file, named by its path; a test's name as the describe blocks and title read.
      suiteNameTemplate: '{filepath}',
      classNameTemplate: '{classname}',
      titleTemplate: '{title}',
      addFileAttribute: 'true',
      reportTestSuiteErrors: 'true',
    },
  ],
]
