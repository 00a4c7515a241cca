//! The `sow` binary: parse arguments, run, map failures to exit codes.

use clap::Parser;

mod cli;
mod serve;

fn main() {
    let args = cli::Cli::try_parse().unwrap_or_else(|error| cli::usage_error(error));
    if let Err(failure) = cli::run(args) {
        match &failure {
            cli::Failure::Rule(message) | cli::Failure::Input(message) => {
                eprintln!("error: {message}");
            }
            cli::Failure::BrokenPipe | cli::Failure::Interrupted => {}
        }
        std::process::exit(failure.exit_code());
    }
}
