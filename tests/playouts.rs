//! Random playouts: the same seed gives the same games whatever the thread count.

use sow::Rules;
use sow::bench::random_games;

#[test]
fn results_do_not_depend_on_threads() {
    for name in ["oware", "ouri", "wouri"] {
        let rules = Rules::builtin(name).unwrap();
        let one = random_games(&rules, 300, 7, 1);
        let two = random_games(&rules, 300, 7, 2);
        assert_eq!(one, two, "{name}");
        assert_eq!(one.games, 300);
        assert!(
            one.plies > 300 * 10,
            "{name}: games last more than 10 plies on average"
        );
        assert_ne!(
            random_games(&rules, 300, 8, 1).checksum,
            one.checksum,
            "{name}: the seed matters"
        );
    }
}
