fn main() {
    let rules = sow::Rules::load(&std::env::args().nth(1).unwrap()).unwrap();
    let depth: u32 = std::env::args().nth(2).unwrap().parse().unwrap();
    let mut game = sow::Game::new(&rules);
    println!("{}", sow::perft::perft(&mut game, depth));
}
