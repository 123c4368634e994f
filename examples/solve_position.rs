//! Solve a position from Rust and read every move's value:
//! `cargo run --example solve_position`.

use tysiac::{parse_position, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The notation of docs/notation.md: a snapshot with two tricks left.
    let position = parse_position(
        "id: two-aces
         hands: A...A 9...9 J...J
         points: 100 0 0",
    )?;
    let mut solver = Solver::new(position.rules);
    let solution = solver.solve(&position.setup(), false);

    println!("value: {}", solution.value); // D's total with perfect play
    for (mv, value) in &solution.moves {
        println!("{mv}: {value}"); // best first for the player to move
    }
    let line: Vec<String> = solution.line.iter().map(|m| m.to_string()).collect();
    println!("line: {}", line.join(" "));
    assert_eq!(solution.value, 126); // 100 + two tricks of 11 + 0 + 2
    Ok(())
}
