fn main() {
    let rules = sow::Rules::load(&std::env::args().nth(1).unwrap()).unwrap();
    let games: u64 = std::env::args().nth(2).unwrap().parse().unwrap();
    let t = std::time::Instant::now();
    let r = sow::bench::random_games(&rules, games, 1, 1);
    println!("{r:?} {:.0} games/s", games as f64 / t.elapsed().as_secs_f64());
}
