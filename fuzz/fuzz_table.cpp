// libFuzzer harness. Table text: the AL0 parser, the checker with the KRK vocabulary, the printer's
// round trip.

#include "fuzz/harness.hpp"

AL0_FUZZ_HARNESS(al0::fuzz::check_table_text)
