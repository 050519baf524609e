// libFuzzer harness. UCI input lines: the al0 uci session (engine/play/uci_session.hpp).

#include "fuzz/harness.hpp"

AL0_FUZZ_HARNESS(al0::fuzz::check_uci_text)
