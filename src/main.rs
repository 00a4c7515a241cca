//! The `sow` binary: parse arguments, run, map failures to exit codes.

use clap::Parser;

fn main() {
    let cli = sow::cli::Cli::parse();
    if let Err(failure) = sow::cli::run(cli) {
        match &failure {
            sow::cli::Failure::Rule(message) | sow::cli::Failure::Input(message) => {
                eprintln!("error: {message}");
            }
            sow::cli::Failure::BrokenPipe => {}
        }
        std::process::exit(failure.exit_code());
    }
}
